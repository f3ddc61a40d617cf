// Account linking, never account taking: after a provider's sign-in answered 409 link_required, the
// account's owner proves the account here (its password, or a one-time code to its e-mail) and the
// identity is linked. The rules live in identity/identity-links.ts (signInWithIdentity, linkIdentity).
import { Type } from '@sinclair/typebox';
import { HttpError, type App } from '../core/http.js';
import { User } from '../core/schemas.js';
import { linkIdentity, sendLinkCode, signIn } from '../identity/index.js';

export async function identityLinkRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const tags = ['auth'];
  const LinkToken = Type.String({ minLength: 1, maxLength: 4000, description: 'from the 409 link_required answer of a provider sign-in' });

  app.post(
    '/customers/link_identity/code',
    {
      schema: {
        tags,
        summary: 'Send a one-time code to the e-mail of the account a link token names (to prove it before linking)',
        body: Type.Object({ link_token: LinkToken }),
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), expires_in: Type.Integer() }) },
      },
    },
    async (req) => {
      await sendLinkCode(ctx, req.ip, req.body.link_token);
      return { success: true as const, message: 'A verification code was sent by email', expires_in: 600 };
    },
  );

  app.post(
    '/customers/link_identity',
    {
      schema: {
        tags,
        summary:
          'Link the identity a link token names to its account, once the owner proves the account (password, or the code from link_identity/code); then signs in',
        body: Type.Object({
          link_token: LinkToken,
          password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
          code: Type.Optional(Type.String({ pattern: '^[0-9]{4,8}$' })),
          device_info: Type.Optional(Type.Unknown()),
        }),
        response: { 200: Type.Object({ data: User }) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if ((b.password === undefined) === (b.code === undefined)) throw new HttpError(400, 'body must have password or code');
      const user = await linkIdentity(ctx, req.ip, b.link_token, { password: b.password, code: b.code });
      return { data: await signIn(ctx, db, reply, user, b.device_info) };
    },
  );
}
