// A database error crosses from the embedded database's thread to the api's thread (pglite-protocol.ts)
// with the fields the routes read: code, constraint, detail. postMessage copies with structuredClone,
// so the tests copy the message the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorFromMessage, errorToMessage, openPgliteDatabase } from '../src/db/pglite-protocol.js';

const acrossThreads = (error: unknown) => errorFromMessage(structuredClone(errorToMessage(error)));

test('a PostgreSQL error keeps its name, message, code, constraint and detail across threads', async () => {
  const pg = await openPgliteDatabase('memory');
  try {
    await pg.exec('CREATE TABLE people (email text CONSTRAINT people_email_key UNIQUE)');
    await pg.query('INSERT INTO people VALUES ($1)', ['a@example.com']);
    const original = await pg.query('INSERT INTO people VALUES ($1)', ['a@example.com']).then(
      () => assert.fail('the second insert should violate the unique constraint'),
      (error: unknown) => error as Error & Record<string, unknown>,
    );
    const copy = acrossThreads(original) as Error & Record<string, unknown>;
    assert.ok(copy instanceof Error);
    for (const field of ['name', 'message', 'code', 'constraint', 'detail', 'table'] as const) {
      assert.equal(copy[field], original[field], field);
    }
    assert.equal(copy.code, '23505');
    assert.equal(copy.constraint, 'people_email_key');
  } finally {
    await pg.close();
  }
});

test('what crosses threads for each kind of thrown value', () => {
  const withHandle = Object.assign(new Error('has a handle'), { code: 'XX000', handle: { close: () => undefined }, skipped: undefined });
  const typed = new TypeError('bad input');
  const cases: Array<[string, unknown, { name: string; message: string; fields: Record<string, unknown> }]> = [
    ['a plain Error', new Error('boom'), { name: 'Error', message: 'boom', fields: {} }],
    ['an Error subclass keeps its name', typed, { name: 'TypeError', message: 'bad input', fields: {} }],
    // A field that cannot be cloned (a function inside) is left out; undefined fields too; the rest stay.
    ['a field that cannot be cloned', withHandle, { name: 'Error', message: 'has a handle', fields: { code: 'XX000' } }],
    ['a thrown string', 'just text', { name: 'Error', message: 'just text', fields: {} }],
    ['a thrown number', 42, { name: 'Error', message: '42', fields: {} }],
    ['a thrown null', null, { name: 'Error', message: 'null', fields: {} }],
  ];
  for (const [label, thrown, want] of cases) {
    const message = structuredClone(errorToMessage(thrown));
    assert.deepEqual(message, want, label);
    const rebuilt = errorFromMessage(message) as Error & Record<string, unknown>;
    assert.ok(rebuilt instanceof Error, label);
    assert.equal(rebuilt.name, want.name, label);
    assert.equal(rebuilt.message, want.message, label);
    for (const [key, value] of Object.entries(want.fields)) assert.equal(rebuilt[key], value, `${label}: ${key}`);
  }
});
