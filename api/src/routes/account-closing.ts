// Closing the account for good, confirmed by a one-time code.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { signedIn } from '../core/route-options.js';
import { CodeSent, Nullable } from '../core/schemas.js';
import { accountCodeDestination, requirePrimary, sendAccountCode, useCode } from '../identity/index.js';
import { closeAccount, DocumentStore } from '../accounts/index.js';

const accountRoute = signedIn('account');
/** What the closing form asks the patient to type. */
export const CLOSE_CONFIRMATION = 'CLOSE';

/** The closing routes, in the order of the OpenAPI document. */
export async function accountClosingRoutes(app: App) {
  const store = new DocumentStore(app.ctx.fileStorage);
  const { ctx } = app;
  app.post(
    '/customers/permanent_account_disable/code',
    accountRoute('Send the code that confirms closing the account (to its e-mail, else its phone)', {
      response: { 200: CodeSent },
    }),
    async (req) => {
      requirePrimary(req, 'close the account');
      const d = await sendAccountCode(ctx, req.user, req.ip, 'account-close');
      return { success: true as const, sent_to: d.to, channel: d.channel };
    },
  );
  app.post(
    '/customers/permanent_account_disable',
    accountRoute(
      `Close the account for good: body confirm "${CLOSE_CONFIRMATION}" and the code; every profile, document and device session ends`,
      {
        body: Type.Object({ confirm: Type.Literal(CLOSE_CONFIRMATION), code: Type.String({ pattern: '^[0-9]{4,8}$' }) }),
        response: { 200: Type.Object({ success: Type.Literal(true), closed_at: Nullable(Type.String()) }) },
      },
    ),
    async (req) => {
      requirePrimary(req, 'close the account');
      const d = accountCodeDestination(req.user);
      await useCode(ctx, 'account-close', d.to, req.body.code);
      await closeAccount(ctx, store, req.user.id, req.log);
      return { success: true as const, closed_at: new Date().toISOString() };
    },
  );
}
