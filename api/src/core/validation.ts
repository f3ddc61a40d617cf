// What a request must be before a handler sees it, and what an answer must be before it leaves: typed
// bodies, bounded parameters, no NUL characters, responses checked against their schema.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { HttpError, type App } from './http.js';
import { compiledOnFirstUse } from './fastify.js';
import { PARAM_INTEGER_BOUNDS, PARAM_MAX_LENGTH, SHARED_SCHEMAS } from './schemas.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface JsonSchemaNode {
  type?: unknown;
  properties?: Record<string, JsonSchemaNode>;
  anyOf?: JsonSchemaNode[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  enum?: unknown;
  const?: unknown;
}
/**
 * A copy of a path/query schema in which every integer and string without a bound of its own gets one
 * (so no value reaches SQL out of range or unbounded). A copy: the same TypeBox objects serve bodies too.
 */
export function boundParameters<T extends JsonSchemaNode | undefined>(schema: T): T {
  if (!schema) return schema;
  const copy = JSON.parse(JSON.stringify(schema)) as JsonSchemaNode;
  const visit = (n: JsonSchemaNode) => {
    if (n.type === 'integer' || n.type === 'number') {
      n.minimum ??= PARAM_INTEGER_BOUNDS.minimum;
      n.maximum ??= PARAM_INTEGER_BOUNDS.maximum;
    } else if (n.type === 'string' && n.enum === undefined && n.const === undefined) {
      n.maxLength ??= PARAM_MAX_LENGTH;
    }
    n.anyOf?.forEach(visit);
    Object.values(n.properties ?? {}).forEach(visit);
  };
  visit(copy);
  return copy as T;
}

/** Whether a parsed value holds a NUL character anywhere (PostgreSQL refuses them in text and jsonb). Iterative. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/** `compileOnFirstUse`: see core/fastify.ts. */
export function registerValidation(app: App, { compileOnFirstUse = false } = {}): void {
  // Request validation: bodies strictly typed (no coercion: a number is not a string); query, params
  // and headers coerced from their string form.
  const strict = addFormats(new Ajv({ allErrors: false, coerceTypes: false, useDefaults: true, removeAdditional: false, strict: false }));
  const coercing = addFormats(
    new Ajv({ allErrors: false, coerceTypes: 'array', useDefaults: true, removeAdditional: false, strict: false }),
  );
  const compile = ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema) as ValidateFunction;
  app.setValidatorCompiler(compileOnFirstUse ? compiledOnFirstUse(compile) : compile);

  // Response validation on every call: a handler answering outside its schema is a bug (500, logged).
  const responseAjv = addFormats(new Ajv({ allErrors: false, strict: false }));
  for (const sch of SHARED_SCHEMAS) {
    app.addSchema(sch);
    for (const a of [strict, coercing, responseAjv]) a.addSchema(sch);
  }
  const responseValidators = new WeakMap<object, ValidateFunction>();
  app.addHook('preSerialization', async (req, reply, payload) => {
    const schemas = req.routeOptions.schema?.response as Record<string, object> | undefined;
    if (!schemas || reply.statusCode >= 400) return payload;
    const schema = schemas[String(reply.statusCode)] ?? schemas[`${String(reply.statusCode)[0]}xx`];
    if (!schema) return payload;
    let v = responseValidators.get(schema);
    if (!v) {
      v = responseAjv.compile(schema);
      responseValidators.set(schema, v);
    }
    if (!v(payload)) {
      req.log.error({ errors: v.errors, url: req.url }, 'response does not match its schema');
      throw new Error(`response schema mismatch: ${responseAjv.errorsText(v.errors)}`);
    }
    return payload;
  });

  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      if (containsNul(value)) throw new HttpError(400, `${part} must not contain NUL characters`);
    }
  });
}
