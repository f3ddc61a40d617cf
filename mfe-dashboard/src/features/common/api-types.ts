import type { ApiPaths } from '@haven/shared';

/** The JSON a GET of the api contract answers with 200 (types only, from the OpenAPI document). */
export type GetJson<P extends keyof ApiPaths> = ApiPaths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;
