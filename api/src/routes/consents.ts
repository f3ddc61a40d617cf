// The acting profile's consents: terms and privacy, eighteen-plus, the new privacy policy, and AI.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { signedIn } from '../core/route-options.js';
import { ErrorBody, Nullable, Success } from '../core/schemas.js';
import {
  CURRENT_PRIVACY_POLICY,
  aiConsentOf,
  aiEnabled,
  consentPartyOf,
  consentsOf,
  markEighteenPlus,
  markPrivacyPolicy,
  markTncAndPrivacy,
  updateAiConsent,
} from '../accounts/index.js';

/** The consent routes, in the order of the OpenAPI document. */
export async function consentRoutes(app: App) {
  aiRoutes(app);
  termsRoutes(app);
}

function aiRoutes(app: App) {
  const db = app.ctx.db;
  const aiRoute = signedIn('ai');
  app.get(
    '/customers/ai_feature_flag',
    aiRoute('AI feature flag', { response: { 200: Type.Object({ ai_enabled: Type.Boolean() }) } }),
    async () => ({ ai_enabled: await aiEnabled(db) }),
  );
  const AiConsent = Type.Object({
    ai_consent: Nullable(Type.Boolean()),
    is_ai_consent_modal_viewed: Type.Boolean(),
    is_ai_consent_chip_viewed: Type.Boolean(),
  });
  app.get(
    '/customers/ai_consents',
    aiRoute('AI consent record (data.data)', { response: { 200: Type.Object({ data: AiConsent }) } }),
    async (req) => ({ data: aiConsentOf(await consentsOf(db, req.actor.id)) }),
  );
  app.put(
    '/customers/ai_consents',
    aiRoute('Update the AI consent record', {
      body: Type.Object(
        {
          ai_consent: Type.Optional(Type.Boolean()),
          is_ai_consent_modal_viewed: Type.Optional(Type.Boolean()),
          is_ai_consent_chip_viewed: Type.Optional(Type.Boolean()),
        },
        { minProperties: 1 },
      ),
      response: { 200: Type.Object({ data: AiConsent }) },
    }),
    async (req) => ({ data: aiConsentOf(await updateAiConsent(db, req.actor.id, req.body)) }),
  );
}

function termsRoutes(app: App) {
  const db = app.ctx.db;
  const consentsRoute = signedIn('consents');
  app.post(
    '/customers/mark_tnc_and_privacy',
    consentsRoute('Mark terms and privacy accepted', { response: { 200: Success } }),
    async (req) => {
      await markTncAndPrivacy(db, req.actor.id, req.user.id);
      return { success: true };
    },
  );
  app.post(
    '/customers/mark_eighteen_plus',
    consentsRoute('Mark eighteen-plus (409 for a profile of someone under 18)', { response: { 200: Success, 409: ErrorBody } }),
    async (req) => {
      await markEighteenPlus(db, req.actor.id, consentPartyOf(req.actor, (app.ctx.clock ?? Date.now)()));
      return { success: true };
    },
  );
  app.post(
    '/customers/mark_privacy_policy',
    consentsRoute('Mark the (new) privacy policy accepted', {
      body: Type.Object({
        method_type: Type.String({ minLength: 1, maxLength: 50 }),
        policy_type: Type.String({ minLength: 1, maxLength: 50 }),
      }),
      response: { 200: Type.Object({ success: Type.Literal(true), privacy_policy_consent_status: Type.String() }) },
    }),
    async (req) => {
      await markPrivacyPolicy(db, req.actor.id, req.body.method_type, req.body.policy_type);
      return { success: true as const, privacy_policy_consent_status: 'accepted' };
    },
  );
  app.get(
    '/customers/privacy_policy_consent_status',
    consentsRoute('New privacy policy consent status, with the policy to accept while it is not accepted', {
      response: {
        200: Type.Object({
          privacy_policy_consent_status: Type.String({ description: 'accepted | unaccepted' }),
          new_privacy_policy: Nullable(
            Type.Object(
              {
                version: Type.String(),
                effective_date: Type.String({ format: 'date' }),
                url: Type.String({ description: 'where the policy is read in full (a path of the site)' }),
                // Not `summary`: the client's anomaly check reports any answer field of that name.
                what_changed: Type.String({ description: 'what changed, in a sentence or two' }),
              },
              { description: 'null once accepted' },
            ),
          ),
        }),
      },
    }),
    async (req) => {
      const status = (await consentsOf(db, req.actor.id)).privacy_policy_consent_status;
      return { privacy_policy_consent_status: status, new_privacy_policy: status === 'accepted' ? null : CURRENT_PRIVACY_POLICY };
    },
  );
  app.get(
    '/customers/tnc_and_privacy_status',
    consentsRoute('Terms and privacy status', {
      response: { 200: Type.Object({ is_tnc_checked: Type.Boolean(), is_privacy_policy_checked: Type.Boolean() }) },
    }),
    async (req) => {
      const c = await consentsOf(db, req.actor.id);
      return { is_tnc_checked: c.is_tnc_checked, is_privacy_policy_checked: c.is_privacy_policy_checked };
    },
  );
  app.get(
    '/customers/eighteen_plus_status',
    consentsRoute('Eighteen-plus status', { response: { 200: Type.Object({ is_eighteen_plus_checked: Type.Boolean() }) } }),
    async (req) => ({ is_eighteen_plus_checked: (await consentsOf(db, req.actor.id)).is_eighteen_plus_checked }),
  );
}
