// Table-driven checks of the realtime frame validation (src/realtime/frames.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkMessage, FrameAssembler, pathProblem, MAX_FRAMES_PER_MESSAGE, MAX_MESSAGE_BYTES } from '../src/realtime/frames.js';

const d = (a: unknown, b?: unknown, r: unknown = 1) => ({ t: 'd', d: { r, a, ...(b === undefined ? {} : { b }) } });

test('paths follow Firebase key rules', () => {
  const cases: Array<[string, boolean]> = [
    ['', true],
    ['/', true],
    ['users/abc', true],
    ['/users/abc/', true],
    ['users/abc/.priority', true],
    ['users/é-ü_1', true],
    ['a.b', false],
    ['a#b', false],
    ['a$b', false],
    ['a[b', false],
    ['a]b', false],
    ['a\u0000b', false],
    ['a\u007fb', false],
    ['users/.priority/x', false],
    ['x'.repeat(769), false],
    ['a/'.repeat(33), false],
    ['a/'.repeat(32), true],
  ];
  for (const [p, ok] of cases) assert.equal(pathProblem(p) === null, ok, `${JSON.stringify(p.slice(0, 30))} valid=${ok}`);
});

test('messages: shape, actions, ids, data', () => {
  const cases: Array<[unknown, boolean]> = [
    [d('g', { p: '/users/x' }), true],
    [d('l', { p: '/users/x', h: '' }), true],
    [d('q', { p: '/users/x', q: { l: 1 }, t: 2 }), true],
    [d('p', { p: '/users/x', d: { a: [1, { b: null }], '.priority': 1, t: { '.sv': 'timestamp' } } }), true],
    [d('m', { p: '/users/x', d: { 'a/b': 1, c: { d: 2 } } }), true],
    [d('oc', { p: '/Status/x' }), true],
    [d('auth', { cred: 'jwt' }), true],
    [d('unauth'), true],
    [d('s', { c: { 'sdk.js': 1 } }), true],
    [{ t: 'c', d: { t: 'p', d: {} } }, true],
    [d('g', { p: 'a.b' }), false],
    [d('g'), false],
    [d('zz', { p: '/' }), false],
    [d('p', { p: '/x' }), false],
    [d('m', { p: '/x', d: 1 }), false],
    [d('p', { p: '/x', d: { 'a.b': 1 } }), false],
    [d('m', { p: '/x', d: { 'a.b/c': 1 } }), false],
    [d('auth', { cred: 1 }), false],
    [d('g', { p: '/x' }, -1), false],
    [d('g', { p: '/x' }, '1'), false],
    [d('g', 'b'), false],
    [{ t: 'x' }, false],
    [[], false],
    [null, false],
  ];
  for (const [m, ok] of cases) assert.equal(checkMessage(m).ok, ok, JSON.stringify(m));
  let deep: unknown = 1;
  for (let i = 0; i < 33; i++) deep = { k: deep };
  assert.equal(checkMessage(d('p', { p: '/', d: deep })).ok, false, 'deeper than 32 levels');
  const bad = checkMessage(d('g', { p: 'a.b' }, 7));
  assert.deepEqual(bad.ok ? null : bad.requestId, 7, 'a bad request keeps its id so it can be answered');
});

test('frame reassembly is bounded', () => {
  const f = new FrameAssembler();
  assert.equal(f.push('0'), null, 'keep-alive');
  assert.equal(f.push('{"t":"c"}'), '{"t":"c"}');
  assert.equal(f.push('2'), null);
  assert.equal(f.push('{"a":'), null);
  assert.equal(f.push('1}'), '{"a":1}');
  assert.throws(() => new FrameAssembler().push(String(MAX_FRAMES_PER_MESSAGE + 1)), /at most/);
  const g = new FrameAssembler();
  g.push(String(MAX_FRAMES_PER_MESSAGE));
  assert.throws(() => {
    for (let i = 0; i < MAX_FRAMES_PER_MESSAGE; i++) g.push('x'.repeat(MAX_MESSAGE_BYTES / 8));
  }, /larger than/);
});
