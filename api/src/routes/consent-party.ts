// Who gives the acting profile's consents (the account holder, an adult profile's own person, or a
// child's parent or guardian), the parent's or guardian's consent for a child's profile, and the
// children-first activation of a child's profile by its parent or guardian.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { ErrorBody, Literals, Success, Uuid } from '../core/schemas.js';
import { requirePrimary } from '../identity/index.js';
import {
  activateChildrenFirst,
  cfActivationOf,
  childConsentsGiven,
  consentPartyOf,
  consentsOf,
  markGuardianConsent,
  ownProfile,
} from '../accounts/index.js';

const auth = { auth: true };
const Party = Type.Object({
  party: Literals(['self', 'adult_profile', 'child'] as const),
  profile_first_name: Type.String({ description: "the acting profile's first name, for the wording" }),
  guardian_consent_given: Type.Boolean({ description: "a child's profile: its parent or guardian has consented" }),
  booking_consents_given: Type.Boolean({
    description:
      'whether the acting profile may be booked for as far as consents go: always for an adult; for a child, once the parent has accepted the terms and privacy policy for them and given their own consent (else booking answers 409 child_consent_needed)',
  }),
});
const CfActivation = Type.Object({
  profile_uuid: Type.String(),
  activated: Type.Boolean({ description: 'the profile may book children-first sessions' }),
  activated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
const ProfileParams = Type.Object({ uuid: Uuid });

export async function consentPartyRoutes(app: App) {
  const db = app.ctx.db;
  const now = () => (app.ctx.clock ?? Date.now)();

  app.get(
    '/customers/consent_party',
    {
      config: auth,
      schema: { tags: ['consents'], summary: "Who gives the acting profile's consents", response: { 200: Party } },
    },
    async (req) => {
      const party = consentPartyOf(req.actor, now());
      const c = await consentsOf(db, req.actor.id);
      return {
        party,
        profile_first_name: req.actor.first_name,
        guardian_consent_given: c.guardian_consent_at !== null,
        booking_consents_given: party !== 'child' || childConsentsGiven(c),
      };
    },
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

  app.get(
    '/customers/profiles/:uuid/cf_activation',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: "Whether one of my profiles is activated for children-first care (404 for anyone else's profile)",
        params: ProfileParams,
        response: { 200: Type.Object({ data: CfActivation }) },
      },
    },
    async (req) => {
      requirePrimary(req, 'see a profile’s children-first activation');
      return { data: await cfActivationOf(db, await ownProfile(db, req.user.id, req.params.uuid)) };
    },
  );

  app.post(
    '/customers/profiles/:uuid/cf_activation',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary:
          "The parent or guardian activates their child's profile for children-first care, consenting for the child; a repeat keeps the first activation. 409 not_a_child_profile for an adult's profile, 404 for anyone else's",
        params: ProfileParams,
        body: Type.Object({ guardian_consent: Type.Literal(true, { description: 'the parent or guardian consents for the child' }) }),
        response: { 200: Type.Object({ data: CfActivation }), 409: ErrorBody },
      },
    },
    async (req) => {
      requirePrimary(req, 'activate a profile for children-first care');
      const profile = await ownProfile(db, req.user.id, req.params.uuid);
      return { data: await db.tx((q) => activateChildrenFirst(q, profile, req.user.id, now())) };
    },
  );
}
