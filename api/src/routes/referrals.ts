// Referrals ("invite a friend") and the short links they travel as. The short link answers a path
// inside the product only; the web shell turns /s/{code} into that path, keeping the visit's query.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { REFERRAL_CODE_PATTERN, referralSummary, resolveShortLink } from '../growth/index.js';

export async function referralRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/customers/referrals',
    {
      config: { auth: true },
      schema: {
        tags: ['growth'],
        summary: 'My referral code, its short link, and how many friends joined with it (a count only: never who they are)',
        response: {
          200: Type.Object({
            data: Type.Object({
              code: Type.String({ pattern: REFERRAL_CODE_PATTERN }),
              short_link: Type.String({ description: 'a path on the web origin, /s/{code}: it opens sign-up with the referral' }),
              joined_count: Type.Integer({ minimum: 0, description: 'accounts created with this code' }),
            }),
          }),
        },
      },
    },
    async (req) => ({ data: await referralSummary(ctx.db, req.user.id) }),
  );

  app.get(
    '/short_links/:code',
    {
      schema: {
        tags: ['growth'],
        summary: 'The in-product path a short link opens (always one path on the web origin, never another host)',
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }) }),
        response: { 200: Type.Object({ data: Type.Object({ path: Type.String() }) }) },
      },
    },
    async (req) => {
      await limitsOf(ctx).take('short_link_address', req.ip);
      const path = await resolveShortLink(ctx.db, req.params.code.toUpperCase());
      if (!path) throw notFound('This link is not known');
      return { data: { path } };
    },
  );
}
