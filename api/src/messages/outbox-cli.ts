// The operator's view of the outbox's dead letters (messages given up on after retrying for hours):
//   pnpm --filter @haven/api outbox dead [--data <PGlite dir>]           lists them (DATABASE_URL wins)
//   pnpm --filter @haven/api outbox resend <id>... | --all [--data ...]   puts them back in the queue
// In production: `DATABASE_URL=... node api/dist/messages/outbox-cli.js dead`. A running api sends a
// resent message on its next pass, with the same Message-ID as before.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { API_ROOT } from '../config/paths.js';
import { migrate, openDb } from '../db/index.js';
import { listDeadLetters, resendDeadLetters } from './dead-letters.js';

const USAGE = 'usage: outbox dead [--limit N] | outbox resend <id>... | outbox resend --all   (--data <PGlite dir>; DATABASE_URL wins)';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { data: { type: 'string' }, all: { type: 'boolean', default: false }, limit: { type: 'string' } },
});
const [command, ...rest] = positionals;
const ids = rest.map(Number);
if (
  (command !== 'dead' && command !== 'resend') ||
  (command === 'resend' && (values.all ? rest.length > 0 : !rest.length || ids.some((n) => !Number.isInteger(n) || n <= 0)))
) {
  console.error(USAGE);
  process.exit(2);
}
const db = await openDb({ database: values.data ?? path.join(API_ROOT, '.data') });
try {
  await migrate(db);
  if (command === 'dead') {
    const dead = await listDeadLetters(db, Number(values.limit) || 100);
    for (const d of dead)
      console.log(
        `${d.id}\t${d.channel}\t${d.recipient}\t${d.subject}\t${d.attempts} attempts, created ${d.created_at}, given up ${d.last_tried_at}\t${d.last_error ?? ''}`,
      );
    console.log(
      `${dead.length} dead letter${dead.length === 1 ? '' : 's'}${dead.length ? '; resend with: outbox resend <id>... or --all' : ''}`,
    );
  } else {
    const back = await resendDeadLetters(db, values.all ? 'all' : ids);
    const missed = values.all ? [] : ids.filter((i) => !back.includes(i));
    console.log(`${back.length} queued again${back.length ? `: ${back.join(', ')}` : ''}`);
    if (missed.length) {
      console.error(`not dead letters (sent, waiting, expired or unknown): ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  }
} finally {
  await db.close();
}
