import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fieldLimit, limitProblem } from './form-limits';

describe('form limits generated from api/openapi.json', () => {
  const doc = JSON.parse(readFileSync(path.join(__dirname, '../../../../api/openapi.json'), 'utf8')) as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, Record<string, unknown>> } }> } }>
    >;
  };
  const schemaOf = (method: string, route: string, field: string) =>
    doc.paths[route]?.[method]?.requestBody?.content?.['application/json']?.schema?.properties?.[field];

  it.each([
    ['POST /api/v1/auth', 'first_name'],
    ['POST /api/v1/auth', 'email'],
    ['POST /api/v1/auth', 'password'],
    ['POST /api/v1/auth', 'mobile'],
    ['PUT /api/v1/customers/profile_info', 'last_name'],
    ['POST /api/v1/otp/send', 'email'],
  ] as const)('%s %s is the schema’s', (route, field) => {
    const [method, p] = route.split(' ') as [string, string];
    const schema = schemaOf(method.toLowerCase(), p, field) ?? {};
    const limit = fieldLimit(route, field);
    expect(limit.maxLength).toBe(schema.maxLength);
    expect(limit.minLength).toBe(schema.minLength);
    expect(limit.pattern).toBe(schema.pattern);
    expect(Object.keys(limit).length).toBeGreaterThan(0);
  });

  it.each([
    ['a'.repeat(100), { maxLength: 100 }, null],
    ['a'.repeat(101), { maxLength: 100 }, 'First name can be at most 100 characters'],
    ['short', { minLength: 8 }, 'First name needs at least 8 characters'],
    ['98765', { pattern: '^[0-9]{6,11}$' }, 'Check the first name'],
    ['', { minLength: 8 }, null],
  ])('limitProblem(%j, %j)', (value, limit, problem) => {
    expect(limitProblem(value, limit, 'First name')).toBe(problem);
  });
});
