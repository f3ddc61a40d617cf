// The OpenAPI document: shared schemas as components, every route's error body, bounded parameters,
// and the credentials an authenticated route needs.
import swagger from '@fastify/swagger';
import type { App } from './http.js';
import { ErrorBody } from './schemas.js';
import { boundParameters, type JsonSchemaNode } from './validation.js';

export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    // Shared schemas become components named by their $id (User, Booking, ...).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Haven reference product API',
        version: '1.0.0',
        description: 'See api/README.md. Credentials follow devise_token_auth under /api/v1/auth.',
      },
      servers: [{ url: 'http://localhost:4000' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'access-token' },
          client: { type: 'apiKey', in: 'header', name: 'client' },
          uid: { type: 'apiKey', in: 'header', name: 'uid' },
        },
      },
    },
  });

  // Every route documents the error body for 4xx/5xx; authenticated routes declare their security.
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD'))) return;
    route.schema ??= {};
    const resp = ((route.schema as { response?: Record<string, unknown> }).response ??= {});
    resp['4xx'] ??= ErrorBody;
    resp['5xx'] ??= ErrorBody;
    const sch = route.schema as { querystring?: JsonSchemaNode; params?: JsonSchemaNode };
    // Only where present: an explicit `undefined` makes Fastify warn that the schema is missing.
    if (sch.querystring) sch.querystring = boundParameters(sch.querystring);
    if (sch.params) sch.params = boundParameters(sch.params);
    if ((route.config as { auth?: boolean } | undefined)?.auth) {
      (route.schema as { security?: unknown }).security = [{ accessToken: [], client: [], uid: [] }];
    }
  });
}
