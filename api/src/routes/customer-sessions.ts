// The signed-in customer's sessions: upcoming, completed, and their counts.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { Booking } from '../core/schemas.js';
import { completedSessions, sessionCounts, upcomingSessions } from '../bookings/index.js';

const auth = { auth: true };

/** The customer's session lists, in the order of the OpenAPI document. */
export async function customerSessionRoutes(app: App) {
  const db = app.ctx.db;
  app.get(
    '/customers/upcomingsessions',
    {
      config: auth,
      schema: {
        tags: ['sessions'],
        summary: 'Upcoming sessions and suggested bookings',
        response: { 200: Type.Object({ bookings: Type.Array(Booking), suggested_bookings: Type.Array(Booking) }) },
      },
    },
    async (req) => upcomingSessions(db, req.actor.id),
  );
  app.get(
    '/customers/completedsessions',
    {
      config: auth,
      schema: {
        tags: ['sessions'],
        summary: 'Completed sessions, newest first',
        response: { 200: Type.Object({ bookings: Type.Array(Booking) }) },
      },
    },
    async (req) => ({ bookings: await completedSessions(db, req.actor.id) }),
  );
  app.get(
    '/customers/analytics_info',
    {
      config: auth,
      schema: {
        tags: ['sessions'],
        summary: 'Analytics info (data.data.total_completed_sessions)',
        response: {
          200: Type.Object({
            data: Type.Object({
              total_completed_sessions: Type.Integer(),
              total_upcoming_sessions: Type.Integer(),
              usertype: Type.String(),
            }),
          }),
        },
      },
    },
    async (req) => {
      const r = await sessionCounts(db, req.actor.id);
      return { data: { total_completed_sessions: r.completed, total_upcoming_sessions: r.upcoming, usertype: req.actor.usertype } };
    },
  );
}
