/**
 * @jest-environment node
 */
// Each import rule fails on a planted violation and passes the same file written the allowed way, so a
// rule that stopped matching (a moved folder, a renamed pattern) fails here instead of passing silently.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

interface Plant {
  name: string;
  filePath: string;
  code: string;
}

const plants: Plant[] = [
  {
    name: 'route imports route',
    filePath: 'api/src/routes/new-route.ts',
    code: "import { x } from './providers.js';\nexport const y = x;\n",
  },
  {
    name: 'route imports its domain',
    filePath: 'api/src/routes/new-route.ts',
    code: "import { x } from '../bookings/index.js';\nexport const y = x;\n",
  },
  {
    name: 'api imports shared source',
    filePath: 'api/src/bookings/new-rule.ts',
    code: "import { x } from '../../../shared/src/rules/booking-link.js';\nexport const y = x;\n",
  },
  {
    name: 'api imports the web core',
    filePath: 'api/src/bookings/new-rule.ts',
    code: "import { x } from '@haven/shared';\nexport const y = x;\n",
  },
  {
    name: 'api imports the rules package',
    filePath: 'api/src/bookings/new-rule.ts',
    code: "import { x } from '@haven/rules';\nexport const y = x;\n",
  },
  {
    name: 'api core imports a domain',
    filePath: 'api/src/core/new-helper.ts',
    code: "import { x } from '../bookings/index.js';\nexport const y = x;\n",
  },
  { name: 'api core imports core', filePath: 'api/src/core/new-helper.ts', code: "import { x } from './http.js';\nexport const y = x;\n" },
  {
    name: 'api core imports a domain file',
    filePath: 'api/src/core/new-helper.ts',
    code: "import { x } from '../providers/schedule.js';\nexport const y = x;\n",
  },
  {
    name: 'api core imports the database and the constants',
    filePath: 'api/src/core/new-helper.ts',
    code: "import type { Db } from '../db/index.js';\nimport { x } from '../config/limits.js';\nexport const y: [Db | null, unknown] = [null, x];\n",
  },
  {
    name: 'web core imports an entry',
    filePath: 'shared/src/core/new-piece.ts',
    code: "import { x } from '../entries/auth-flows/index';\nexport const y = x;\n",
  },
  {
    name: 'web core imports an entry by name',
    filePath: 'shared/src/core/new-piece.ts',
    code: "import { x } from '@haven/shared/auth-flows';\nexport const y = x;\n",
  },
  {
    name: 'entry imports a core file',
    filePath: 'shared/src/entries/auth-flows/new-piece.ts',
    code: "import { x } from '../../core/api/client';\nexport const y = x;\n",
  },
  {
    name: 'entry imports the core by name',
    filePath: 'shared/src/entries/auth-flows/new-piece.ts',
    code: "import { x } from '@haven/shared';\nexport const y = x;\n",
  },
  {
    name: 'entry imports the core folder',
    filePath: 'shared/src/entries/auth-flows/api/new-call.ts',
    code: "import { x } from '../../../core';\nexport const y = x;\n",
  },
  {
    name: 'entry imports another entry by name',
    filePath: 'shared/src/entries/auth-flows/new-piece.ts',
    code: "import { x } from '@haven/shared/form-kit';\nexport const y = x;\n",
  },
  {
    name: 'core imports core',
    filePath: 'shared/src/core/auth/new-piece.ts',
    code: "import { x } from '../state/store';\nexport const y = x;\n",
  },
  {
    name: 'pure piece imports the core',
    filePath: 'shared/src/pure/new-piece.ts',
    code: "import { x } from '@haven/shared';\nexport const y = x;\n",
  },
  {
    name: 'pure piece imports a core file',
    filePath: 'shared/src/pure/crisis-help/new-piece.ts',
    code: "import { x } from '../../core/state/store';\nexport const y = x;\n",
  },
  {
    name: 'core and entry import a pure piece',
    filePath: 'shared/src/entries/crisis/new-piece.ts',
    code: "import { x } from '../../pure/crisis-help/helplines';\nexport const y = x;\n",
  },
  {
    name: 'rules import a framework',
    filePath: 'rules/src/booking/new-rule.ts',
    code: "import { useState } from 'react';\nexport const y = useState;\n",
  },
  {
    name: 'rules import the store',
    filePath: 'rules/src/new-rule.ts',
    code: "import { create } from 'zustand';\nexport const y = create;\n",
  },
  {
    name: 'rules import the web core',
    filePath: 'rules/src/booking/new-rule.ts',
    code: "import { x } from '@haven/shared';\nexport const y = x;\n",
  },
  {
    name: 'rules import a file outside the package',
    filePath: 'rules/src/booking/new-rule.ts',
    code: "import { x } from '../../../shared/src/rules/booking-link';\nexport const y = x;\n",
  },
  {
    name: 'rules import above src',
    filePath: 'rules/src/new-rule.ts',
    code: "import { x } from '../../api/src/lib/time';\nexport const y = x;\n",
  },
  {
    name: 'rules import a rule beside',
    filePath: 'rules/src/booking/new-rule.ts',
    code: "import { x } from '../validation/name';\nexport const y = x;\n",
  },
  {
    name: 'domain imports another past its index',
    filePath: 'api/src/bookings/new-rule.ts',
    code: "import { x } from '../identity/tokens.js';\nexport const y = x;\n",
  },
  {
    name: 'route imports a domain past its index',
    filePath: 'api/src/routes/new-route.ts',
    code: "import { x } from '../messages/templates.js';\nexport const y = x;\n",
  },
  {
    name: 'server start file imports a domain past its index',
    filePath: 'api/src/new-start.ts',
    code: "import { x } from './realtime/supervisor.js';\nexport const y = x;\n",
  },
  {
    name: 'domain imports another through its index and the foundations by file',
    filePath: 'api/src/bookings/new-rule.ts',
    code: "import { x } from '../identity/index.js';\nimport { z } from '../core/http.js';\nimport type { Db } from '../db/index.js';\nexport const y: [unknown, unknown, Db | null] = [x, z, null];\n",
  },
  {
    name: 'domain imports fastify',
    filePath: 'api/src/identity/new-piece.ts',
    code: "import type { FastifyReply } from 'fastify';\nexport type R = FastifyReply;\n",
  },
  {
    name: 'route imports fastify',
    filePath: 'api/src/routes/new-route.ts',
    code: "import type { FastifyReply } from 'fastify';\nexport type R = FastifyReply;\n",
  },
  {
    name: 'status change outside TRANSITIONS',
    filePath: 'api/src/accounts/new-piece.ts',
    code: "export const sql = `UPDATE bookings SET cancel_reason = 'x', status = 'cancelled' WHERE id = $1`;\n",
  },
  {
    name: 'status change outside TRANSITIONS through an alias',
    filePath: 'api/src/accounts/new-piece.ts',
    code: "export const sql = `UPDATE bookings b SET status = 'cancelled' FROM users u WHERE u.id = b.user_id`;\n",
  },
  {
    name: 'booking update that leaves the status alone',
    filePath: 'api/src/payments/new-piece.ts',
    code: "export const sql = `UPDATE bookings SET fee = $2 WHERE id = $1 AND status = 'pending'`;\n",
  },
  {
    name: 'call module with a hand-written answer',
    filePath: 'mfe-dashboard/src/features/journal/api/new-calls.ts',
    code: "import { apiClient } from '@haven/shared';\nexport interface Entry {\n  uuid: string;\n}\nexport const list = async (): Promise<Entry[]> => (await apiClient.get<{ data: Entry[] }>('/journal_entries')).data.data;\n",
  },
  {
    name: 'call module with a hand-written request',
    filePath: 'shared/src/entries/auth-flows/api/new-calls.ts',
    code: "import { apiClient, type Answer } from '@haven/shared';\nexport type Body = { email: string };\nexport const send = (body: Body) => apiClient.post<Answer<'/auth/password', 'post'>>('/auth/password', body);\n",
  },
  {
    // The api answers camelCase fields too (the realtime emulator's sign-in: idToken, refreshToken, expiresIn).
    name: 'call module with a hand-written camelCase answer',
    filePath: 'shared/src/entries/auth-flows/api/new-calls.ts',
    code: "import { apiClient, type Answer } from '@haven/shared';\nexport interface Token {\n  idToken: string;\n  expiresIn?: number;\n}\nexport const exchange = async (): Promise<Token> => (await apiClient.post<Answer<'/x', 'post'>>('/x')).data;\n",
  },
  {
    name: 'api call without its answer type',
    filePath: 'mfe-booking/src/features/discovery/NewPanel.tsx',
    code: "import { apiClient } from '@haven/shared';\nexport const load = () => apiClient.get('/public/concerns');\n",
  },
  {
    name: 'call module typed from the contract',
    filePath: 'mfe-dashboard/src/features/journal/api/new-calls.ts',
    code: "import { apiClient, type Answer, type Body } from '@haven/shared';\nexport type Entry = Answer<'/journal_entries', 'get'>['data'][number];\nexport interface ListOptions {\n  signal?: AbortSignal;\n  onDone?: (entries: Entry[]) => void;\n}\nexport const list = async ({ signal }: ListOptions = {}): Promise<Entry[]> =>\n  (await apiClient.get<Answer<'/journal_entries', 'get'>>('/journal_entries', { signal })).data.data;\nexport const save = (input: Body<'/journal_entries', 'post'>) => apiClient.post<Answer<'/journal_entries', 'post'>>('/journal_entries', input);\n",
  },
  {
    name: 'duplicate imports',
    filePath: 'shared/src/core/new-piece.ts',
    code: "import { a } from 'react';\nimport { b } from 'react';\nexport const y = [a, b];\n",
  },
];

const run = JSON.parse(
  execFileSync(process.execPath, [join(__dirname, 'plant.mjs'), JSON.stringify(plants)], {
    cwd: join(__dirname, '../..'),
    encoding: 'utf8',
  }),
) as { lint: Record<string, string[]>; circle: string[]; typeCircle: string[]; domainCircle: string[]; domainsApart: string[] };

const refused = (name: string, rule: string) => run.lint[name]!.filter((m) => m.startsWith(`${rule}:`));

test.each([
  ['route imports route', 'no-restricted-imports', /route file imports no other route file/],
  ['api imports shared source', 'no-restricted-imports', /'@haven\/rules'/],
  ['api imports the web core', 'no-restricted-imports', /'@haven\/rules'/],
  ['api core imports a domain', 'no-restricted-imports', /imports no domain module/],
  ['api core imports a domain file', 'no-restricted-imports', /imports no domain module/],
  ['web core imports an entry', 'no-restricted-imports', /never imports an entry/],
  ['web core imports an entry by name', 'no-restricted-imports', /never imports an entry/],
  ['entry imports a core file', 'no-restricted-imports', /only through '@haven\/shared'/],
  ['entry imports the core folder', 'no-restricted-imports', /only through '@haven\/shared'/],
  ['pure piece imports the core', 'no-restricted-imports', /holds no state/],
  ['pure piece imports a core file', 'no-restricted-imports', /holds no state/],
  ['rules import a framework', 'no-restricted-imports', /imports no framework/],
  ['rules import the store', 'no-restricted-imports', /imports no framework/],
  ['rules import the web core', 'no-restricted-imports', /imports no framework/],
  ['rules import a file outside the package', 'no-restricted-imports', /imports no framework/],
  ['rules import above src', 'no-restricted-imports', /imports no framework/],
  ['duplicate imports', 'import-x/no-duplicates', /imported multiple times/],
  ['domain imports another past its index', 'no-restricted-imports', /only through its index\.ts/],
  ['route imports a domain past its index', 'no-restricted-imports', /only through its index\.ts/],
  ['server start file imports a domain past its index', 'no-restricted-imports', /only through its index\.ts/],
  ['domain imports fastify', 'no-restricted-imports', /Only the http layer/],
  ['status change outside TRANSITIONS', 'no-restricted-syntax', /only through a transition/],
  ['status change outside TRANSITIONS through an alias', 'no-restricted-syntax', /only through a transition/],
])('refused: %s', (name, rule, message) => {
  const messages = refused(name, rule);
  expect(messages).toHaveLength(name === 'duplicate imports' ? 2 : 1);
  expect(messages[0]).toMatch(message);
});

test.each([
  'route imports its domain',
  'api imports the rules package',
  'rules import a rule beside',
  'api core imports core',
  'api core imports the database and the constants',
  'entry imports the core by name',
  'entry imports another entry by name',
  'core imports core',
  'core and entry import a pure piece',
  'domain imports another through its index and the foundations by file',
  'route imports fastify',
  'booking update that leaves the status alone',
])('allowed: %s', (name) => {
  expect(refused(name, 'no-restricted-imports')).toEqual([]);
  expect(refused(name, 'no-restricted-syntax')).toEqual([]);
});

// The web client types what it sends and reads from the api's contract: a hand-written shape in a call
// module, or an api call whose answer is not the contract's, fails `pnpm lint`.
test.each([
  ['call module with a hand-written answer', [/no request or answer shape by hand/, /typed from the contract.*not by hand/]],
  ['call module with a hand-written request', [/no request or answer shape by hand/]],
  ['call module with a hand-written camelCase answer', [/no request or answer shape by hand/, /no request or answer shape by hand/]],
  ['api call without its answer type', [/names its answer from the contract/]],
])('refused: %s', (name, messages) => {
  const found = refused(name, 'no-restricted-syntax');
  expect(found).toHaveLength(messages.length);
  messages.forEach((message, i) => expect(found[i]).toMatch(message));
});

test('allowed: call module typed from the contract', () => {
  expect(run.lint['call module typed from the contract']).toEqual([]);
});

test('an import circle fails the circle check', () => {
  expect(run.circle).toEqual([expect.stringMatching(/^no-circular: .*a\.mjs -> .*b\.mjs$/)]);
});

test('a loop of type-only imports fails the circle check', () => {
  expect(run.typeCircle).toEqual([expect.stringMatching(/^no-circular: .*client\.ts -> .*login\.ts$/)]);
});

test('two domains tied through different files fail the domain check; one way passes', () => {
  expect(run.domainCircle).toEqual([expect.stringMatching(/^domains in a circle: growth, identity \(/)]);
  expect(run.domainsApart).toEqual([]);
});
