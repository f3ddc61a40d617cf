// Who gives the acting profile's consents (the account holder, an adult profile's own person, or a
// child's parent or guardian), and the parent's or guardian's consent for a child's profile.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { ErrorBody, Literals, Success } from '../core/schemas.js';
import { consentPartyOf, consentsOf, markGuardianConsent } from '../accounts/index.js';

const auth = { auth: true };
const Party = Type.Object({
  party: Literals(['self', 'adult_profile', 'child'] as const),
  profile_first_name: Type.String({ description: "the acting profile's first name, for the wording" }),
  guardian_consent_given: Type.Boolean({ description: "a child's profile: its parent or guardian has consented" }),
});

export async function consentPartyRoutes(app: App) {
  const db = app.ctx.db;
  const now = () => (app.ctx.clock ?? Date.now)();

  app.get(
    '/customers/consent_party',
    {
      config: auth,
      schema: { tags: ['consents'], summary: "Who gives the acting profile's consents", response: { 200: Party } },
    },
    async (req) => ({
      party: consentPartyOf(req.actor, now()),
      profile_first_name: req.actor.first_name,
      guardian_consent_given: (await consentsOf(db, req.actor.id)).guardian_consent_at !== null,
    }),
  );

  app.post(
    '/customers/mark_guardian_consent',
    {
      config: auth,
      schema: {
        tags: ['consents'],
        summary: "The parent or guardian consents for the acting child's profile (409 for any other profile)",
        response: { 200: Success, 409: ErrorBody },
      },
    },
    async (req) => {
      await markGuardianConsent(db, req.actor.id, consentPartyOf(req.actor, now()), req.user.id);
      return { success: true };
    },
  );
}
