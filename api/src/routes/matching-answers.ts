// The customer's saved matching answers and the provider chosen in a flow.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { Nullable, Success } from '../core/schemas.js';
import { rememberChosenProvider } from '../accounts/index.js';
import { matchingRecordOf, saveMatchingRecord } from '../providers/index.js';

const auth = { auth: true };

/** The matching-answer routes, in the order of the OpenAPI document. */
export async function matchingAnswerRoutes(app: App) {
  const db = app.ctx.db;
  app.patch(
    '/customers/update_temp_flag',
    {
      config: auth,
      schema: {
        tags: ['providers'],
        summary: 'Remember the provider chosen in a flow (provider_id is the provider uuid)',
        body: Type.Object({ provider_id: Type.String({ format: 'uuid' }), provider_type: Type.String({ minLength: 1, maxLength: 50 }) }),
        response: { 200: Success },
      },
    },
    async (req) => {
      if (!(await rememberChosenProvider(db, req.actor.id, req.body.provider_id, req.body.provider_type)))
        throw notFound(`No provider ${req.body.provider_id}`);
      return { success: true };
    },
  );
  const MatchingRecord = Type.Object({
    filter: Type.Record(Type.String(), Type.Unknown()),
    updated_at: Nullable(Type.String()),
    all_matched_providers: Type.Array(Type.String()),
    recently_matched_providers: Type.Array(Type.String()),
  });
  app.get(
    '/customers/matching_filters',
    {
      config: auth,
      schema: {
        tags: ['matching'],
        summary: 'Saved matching filters',
        querystring: Type.Object({ type: Type.String({ minLength: 1, maxLength: 50 }) }),
        response: { 200: MatchingRecord },
      },
    },
    async (req) => matchingRecordOf(db, req.actor.id, req.query.type),
  );
  app.post(
    '/customers/matching_data',
    {
      config: auth,
      schema: {
        tags: ['matching'],
        summary: 'Save matching answers and matched providers (at most 30)',
        body: Type.Object(
          {
            provider_type: Type.String({ minLength: 1, maxLength: 50 }),
            all_matches: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 30 }),
            updated_at: Type.String({ format: 'date-time' }),
            user_response: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          },
          { additionalProperties: true },
        ),
        response: { 200: MatchingRecord },
      },
    },
    async (req) => {
      const { provider_type: type, all_matches, updated_at, user_response, ...rest } = req.body;
      return saveMatchingRecord(db, req.actor.id, type, { ...(user_response ?? {}), ...rest }, all_matches, updated_at);
    },
  );
}
