// The request and answer types of the api, derived from its OpenAPI contract (schema.generated.ts, `pnpm gen:api`):
// a call module names its route and method, never a hand-written shape, so a changed answer fails the typecheck
// instead of the browser. A route is written as the client sends it (below the /api/v1 base URL, `{id}` for a path
// parameter); the few routes outside that base (the SSO ones) are named in full.
import type { components, paths } from './schema.generated';

type Base = '/api/v1';

/** A route of the contract as the api client names it. */
export type ApiRoute = { [P in keyof paths]: P extends `${Base}${infer R}` ? R : P }[keyof paths];
type PathOf<R extends ApiRoute> = `${Base}${R}` extends keyof paths ? `${Base}${R}` : R & keyof paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The operation `method` of `route` (never when the api has no such operation). */
type Operation<R extends ApiRoute, M extends ApiMethod> = NonNullable<paths[PathOf<R>][M]>;
type Responses<R extends ApiRoute, M extends ApiMethod> = Operation<R, M> extends { responses: infer S } ? S : never;
type JsonOf<T> = T extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON answer of a success (the 2xx the route documents) of `method` on `route`. */
export type Answer<R extends ApiRoute, M extends ApiMethod> = JsonOf<Responses<R, M>[Extract<keyof Responses<R, M>, 200 | 201 | 202>]>;

/** The JSON request body of `method` on `route`. */
export type Body<R extends ApiRoute, M extends ApiMethod> =
  Operation<R, M> extends {
    requestBody?: { content: { 'application/json': infer B } };
  }
    ? B
    : never;

/** The query parameters of `method` on `route`. */
export type Query<R extends ApiRoute, M extends ApiMethod> =
  Operation<R, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The body of every refusal (4xx/5xx) the api answers. */
export type ApiErrorBody = components['schemas']['ErrorBody'];

/** A named schema of the contract (the shared shapes: User, ErrorBody, …). */
export type ApiSchema<N extends keyof components['schemas']> = components['schemas'][N];
