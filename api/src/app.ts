// Builds the Fastify app: validation (requests strict, responses checked), errors, CORS, OpenAPI,
// devise-style credentials, and every route. No listening here (see server.ts).
import type { Ctx, App } from './core/http.js';
import { createFastify, type ServerOptions } from './core/fastify.js';
import { registerValidation } from './core/validation.js';
import { registerBodyParsers } from './core/body.js';
import { registerWebSecurity } from './core/web-security.js';
import { registerOpenApi } from './core/openapi.js';
import { registerErrorHandlers } from './core/errors.js';
import { registerProbes, registerShedding, type Lifecycle, type SheddingOptions } from './core/lifecycle.js';
import type { AuthCheck, UserRow } from './identity/index.js';
import { registerAuthentication } from './routes/authentication.js';
import { authRoutes } from './routes/auth.js';
import { signInCodeRoutes } from './routes/sign-in-codes.js';
import { partnerSignInRoutes } from './routes/partner-sign-in.js';
import { identityLinkRoutes } from './routes/identity-links.js';
import { firebaseEmulatorRoutes } from './routes/firebase-emulator.js';
import { customerSessionRoutes } from './routes/customer-sessions.js';
import { consentRoutes } from './routes/consents.js';
import { profileRoutes } from './routes/profiles.js';
import { customerSettingRoutes } from './routes/customer-settings.js';
import { matchingAnswerRoutes } from './routes/matching-answers.js';
import { providerRoutes } from './routes/providers.js';
import { bookingRoutes } from './routes/bookings.js';
import { contentRoutes } from './routes/content.js';
import { devRoutes } from './routes/dev.js';
import { paymentRoutes } from './routes/payments.js';
import { paymentWebhookRoutes } from './routes/payment-webhook.js';
import { couponRoutes } from './routes/coupons.js';
import { packageRoutes } from './routes/packages.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { journalRoutes } from './routes/journal.js';
import { growthRoutes } from './routes/growth.js';
import { partnerRoutes } from './routes/partner.js';
import { contactRoutes } from './routes/contacts.js';
import { documentRoutes } from './routes/documents.js';
import { accountClosingRoutes } from './routes/account-closing.js';
import { accountSecurityRoutes } from './routes/account-security.js';
import { avatarRoutes } from './routes/avatars.js';
import { sessionRoomRoutes } from './routes/session-room.js';
import { careRoutes } from './routes/care.js';
import { treatmentPlanRoutes } from './routes/treatment-plans.js';
import { providerSwitchRoutes } from './routes/provider-switch.js';
import { careteamRoutes } from './routes/careteam.js';
import { signinRoutes } from './routes/signin.js';
import { ssoRoutes } from './routes/sso.js';
import { waitlistRoutes } from './routes/waitlists.js';
import { bookingDetailRoutes } from './routes/booking-details.js';
import { matchingRoutes } from './routes/matching.js';
import { careCoordinatorRoutes } from './routes/care-coordinator.js';
import { invoiceRoutes } from './routes/invoices.js';
import { telemetryRoutes } from './routes/telemetry.js';
import { ancillaryRoutes } from './routes/ancillary.js';
import { consentPartyRoutes } from './routes/consent-party.js';
import { careToolEntryRoutes } from './routes/care-tool-entries.js';
import { communityRoutes } from './routes/communities.js';
import { contentLibraryRoutes } from './routes/content-library.js';
import { referralRoutes } from './routes/referrals.js';
import { outreachRoutes } from './routes/outreach.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account (set by app.authenticate). */
    user: UserRow;
    /** The profile the request acts for: the secondary profile when a valid secondary-profile-access-token is sent. */
    actor: UserRow;
    authCheck?: AuthCheck;
  }
  interface FastifyInstance {
    authenticate: (req: FastifyRequest) => Promise<void>;
    ctx: Ctx;
    /** Readiness and drain state (core/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}

export { BODY_LIMIT, REQUEST_TIMEOUT_MS } from './core/fastify.js';
export { isAllowedOrigin } from './core/origins.js';
export { ALLOWED_REQUEST_HEADERS, EXPOSED_HEADERS } from './core/web-security.js';
export { boundParameters, containsNul } from './core/validation.js';

/** Every route under /api/v1, in the order they are registered (the order of the OpenAPI document). */
const API_ROUTES: ((app: App) => Promise<void>)[] = [
  authRoutes,
  signInCodeRoutes,
  partnerSignInRoutes,
  identityLinkRoutes,
  customerSessionRoutes,
  consentRoutes,
  profileRoutes,
  customerSettingRoutes,
  matchingAnswerRoutes,
  providerRoutes,
  bookingRoutes,
  contentRoutes,
  paymentRoutes,
  paymentWebhookRoutes,
  couponRoutes,
  packageRoutes,
  journalRoutes,
  dashboardRoutes,
  growthRoutes,
  partnerRoutes,
  contactRoutes,
  documentRoutes,
  accountClosingRoutes,
  accountSecurityRoutes,
  sessionRoomRoutes,
  careRoutes,
  treatmentPlanRoutes,
  providerSwitchRoutes,
  careteamRoutes,
  signinRoutes,
  waitlistRoutes,
  bookingDetailRoutes,
  matchingRoutes,
  careCoordinatorRoutes,
  invoiceRoutes,
  telemetryRoutes,
  ancillaryRoutes,
  consentPartyRoutes,
  careToolEntryRoutes,
  communityRoutes,
  contentLibraryRoutes,
  referralRoutes,
  outreachRoutes,
];

export async function buildApp(
  ctx: Ctx,
  opts: ServerOptions & { corsOrigins?: string[]; shedding?: SheddingOptions | null } = {},
): Promise<App> {
  const app = createFastify({ ...opts, compileOnFirstUse: !ctx.isProduction });
  app.decorate('ctx', ctx);
  const inFlight = await registerShedding(app, opts.shedding ?? null);
  registerValidation(app, { compileOnFirstUse: !ctx.isProduction });
  await registerBodyParsers(app);
  await registerWebSecurity(app, { corsOrigins: opts.corsOrigins, allowLocalOrigins: !ctx.isProduction });
  await registerOpenApi(app);
  registerAuthentication(app, ctx);
  registerErrorHandlers(app);

  app.get(
    '/health',
    { schema: { hide: true, response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } } } },
    async () => ({ ok: true }),
  );
  app.decorate('lifecycle', registerProbes(app, ctx, inFlight));
  if (ctx.publishOpenApi ?? !ctx.isProduction) app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await routes(api as App);
      if (!ctx.isProduction) await devRoutes(api as App);
    },
    { prefix: '/api/v1' },
  );
  await app.register(async (sso) => ssoRoutes(sso as App), { prefix: '/sso/v1' });
  await firebaseEmulatorRoutes(app);
  if (!ctx.isProduction) await avatarRoutes(app as App);
  return app;
}
