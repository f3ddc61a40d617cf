// The internal tracker's store: analytics events the web client sends, in every stage (in production the
// product's own record of what happened; outside it also what browser tests read). Bounded: each event's
// properties at most TELEMETRY_MAX_PROPERTIES_BYTES of JSON, and only the newest rows are kept (a chatty
// page cannot fill the disk). What is stored passes the analytics rule again (no credentials, no contacts),
// whatever the client sent.
import { sanitizeProperties } from '@haven/rules';
import type { Db } from '../db/index.js';

export const TELEMETRY_MAX_PROPERTIES_BYTES = 8 * 1024;
/** Rows kept outside production (a test run); production keeps HAVEN_EVENTS_MAX_ROWS (default below). */
export const TELEMETRY_MAX_ROWS = 10_000;
export const PRODUCTION_EVENTS_MAX_ROWS = 5_000_000;

export interface IncomingEvent {
  name: string;
  properties?: Record<string, unknown>;
  timestamp?: number;
  /** The signed-in user as the page names them (like an analytics library's distinct id: not a proof). */
  user_id?: number;
  anonymous_id?: string;
}

export function eventsMaxRows(isProduction: boolean, env: NodeJS.ProcessEnv = process.env): number {
  if (!isProduction) return TELEMETRY_MAX_ROWS;
  const configured = Number(env.HAVEN_EVENTS_MAX_ROWS);
  return Number.isInteger(configured) && configured > 0 ? configured : PRODUCTION_EVENTS_MAX_ROWS;
}

/** The index of the first event whose properties are too large, or -1. */
export function oversizedEvent(events: readonly IncomingEvent[]): number {
  return events.findIndex((e) => JSON.stringify(e.properties ?? {}).length > TELEMETRY_MAX_PROPERTIES_BYTES);
}

export async function storeEvents(db: Db, events: readonly IncomingEvent[], maxRows: number): Promise<void> {
  await db.tx(async (q) => {
    for (const e of events) {
      await q.query(
        `INSERT INTO telemetry_events (name, properties, user_id, anonymous_id, client_timestamp) VALUES ($1, $2, $3, $4, $5)`,
        [e.name, JSON.stringify(sanitizeProperties(e.properties ?? {})), e.user_id ?? null, e.anonymous_id ?? null, e.timestamp ?? null],
      );
    }
    await q.query(`DELETE FROM telemetry_events WHERE id <= (SELECT max(id) FROM telemetry_events) - $1`, [maxRows]);
  });
}
