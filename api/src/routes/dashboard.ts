// The patient home's own flags: the first-step modal is shown to a first-time user until they have
// seen it once (recorded per profile, so a reload or another device does not show it again).
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { flagPending, markFlagSeen } from '../care/index.js';

const FIRST_STEP_KEY = 'first_step_modal';
const Modals = Type.Object({ first_step_modal: Type.Boolean({ description: 'true while the first-step modal is still to be shown' }) });

/** The dashboard's routes (the journal's are registered just before them, app.ts). */
export async function dashboardRoutes(app: App) {
  const db = app.ctx.db;

  app.get(
    '/customers/dashboard_modals',
    {
      config: { auth: true },
      schema: { tags: ['dashboard'], summary: 'Which dashboard modals are still to be shown', response: { 200: Modals } },
    },
    async (req) => {
      return { first_step_modal: req.actor.is_first_time_haven_user && (await flagPending(db, req.actor.id, FIRST_STEP_KEY)) };
    },
  );

  app.put(
    '/customers/dashboard_modals/first_step_modal',
    {
      config: { auth: true },
      schema: { tags: ['dashboard'], summary: 'Record that the first-step modal was seen', response: { 200: Modals } },
    },
    async (req) => {
      await markFlagSeen(db, req.actor.id, FIRST_STEP_KEY);
      return { first_step_modal: false };
    },
  );
}
