// Growth: the feature-flag service the web client reads with the GrowthBook JS SDK. The SDK asks
// `${apiHost}/api/features/${clientKey}`; locally apiHost is `${apiBaseUrl}/growthbook`, so the answer
// comes from the api's own flags table (the same rows as GET /feature_flags). Flags are public: every
// visitor reads them before sign-in, as from the hosted service.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { featureFlags } from '../care/index.js';

/** The one client key this api answers (GrowthBook keys are public, like the hosted service's). */
export const GROWTHBOOK_CLIENT_KEY = process.env.GROWTHBOOK_CLIENT_KEY ?? 'sdk-haven-local';

export async function growthRoutes(app: App) {
  const { ctx } = app;
  app.get(
    '/growthbook/api/features/:clientKey',
    {
      schema: {
        tags: ['growth'],
        summary: 'GrowthBook-compatible features payload from the flags table (each flag a boolean feature)',
        params: Type.Object({ clientKey: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: Type.Object({
            status: Type.Literal(200),
            features: Type.Record(Type.String(), Type.Object({ defaultValue: Type.Boolean() })),
            dateUpdated: Type.String(),
          }),
        },
      },
    },
    async (req) => {
      await limitsOf(ctx).take('feature_flags_address', req.ip);
      if (req.params.clientKey !== GROWTHBOOK_CLIENT_KEY) throw notFound('Unknown client key');
      const rows = await featureFlags(ctx.db);
      return {
        status: 200 as const,
        features: Object.fromEntries(rows.map((r) => [r.name, { defaultValue: r.enabled }])),
        dateUpdated: new Date().toISOString(),
      };
    },
  );
}
