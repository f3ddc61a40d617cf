// Care tools that do something, and communities that can be opened and joined, over real HTTP: what a
// patient writes in a tool is theirs alone (another account gets 404, like the journal); a community
// needs a community profile whose username passes the check; joining counts once however often asked.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, freshPatient as fresh, signIn, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

const freshPatient = () => fresh(api, 'care');

const RECORD = {
  situation: 'Before the team meeting',
  thought: 'Everyone will think I am useless',
  feeling: 'Anxious',
  feeling_before: 80,
  evidence_for: '',
  evidence_against: 'My manager praised my report',
  balanced_thought: 'One meeting does not decide what they think of me',
  feeling_after: 40,
};

describe('care tool entries', () => {
  test('the thought record asks for its fields, saves an entry, lists it newest first and deletes it', async () => {
    const me = await freshPatient();
    const empty = await as(me, `${api}/care_tools/thought-record/entries`);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body.data, []);
    assert.deepEqual(
      empty.body.fields.map((f: { name: string }) => f.name),
      ['situation', 'thought', 'feeling', 'feeling_before', 'evidence_for', 'evidence_against', 'balanced_thought', 'feeling_after'],
    );

    const saved = await as(me, `${api}/care_tools/thought-record/entries`, { method: 'POST', body: { answers: RECORD } });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    assert.equal(saved.body.data.answers.balanced_thought, RECORD.balanced_thought);
    assert.equal('evidence_for' in saved.body.data.answers, false, 'a blank optional answer is not kept');
    const second = await as(me, `${api}/care_tools/thought-record/entries`, {
      method: 'POST',
      body: { answers: { ...RECORD, situation: 'Later' } },
    });
    const listed = (await as(me, `${api}/care_tools/thought-record/entries`)).body.data;
    assert.deepEqual(
      listed.map((e: { uuid: string }) => e.uuid),
      [second.body.data.uuid, saved.body.data.uuid],
    );

    assert.equal((await as(me, `${api}/care_tool_entries/${saved.body.data.uuid}`, { method: 'DELETE' })).status, 200);
    assert.equal((await as(me, `${api}/care_tools/thought-record/entries`)).body.data.length, 1);
    assertClientError(await as(me, `${api}/care_tool_entries/${saved.body.data.uuid}`, { method: 'DELETE' }), 404);
  });

  test("another account neither sees nor deletes my entries (404), and a profile's entries are its own", async () => {
    const me = await freshPatient();
    const other = await freshPatient();
    const saved = await as(me, `${api}/care_tools/sleep-wind-down/entries`, {
      method: 'POST',
      body: { answers: { todo: 'Call the bank' } },
    });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    assert.deepEqual((await as(other, `${api}/care_tools/sleep-wind-down/entries`)).body.data, []);
    assertClientError(await as(other, `${api}/care_tool_entries/${saved.body.data.uuid}`, { method: 'DELETE' }), 404);
    assert.equal((await as(me, `${api}/care_tools/sleep-wind-down/entries`)).body.data.length, 1, 'still there');

    const kid = await as(me, `${api}/customers/profiles`, {
      method: 'POST',
      body: { kind: 'profile', first_name: 'Kiran', date_of_birth: '2016-05-01', relationship: 'child' },
    });
    const token = (await as(me, `${api}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
      'secondary-profile-access-token',
    )!;
    assert.deepEqual(
      (await as(me, `${api}/care_tools/sleep-wind-down/entries`, { headers: { 'secondary-profile-access-token': token } })).body.data,
      [],
    );
  });

  test('answers are checked against the tool: missing, out of range, unknown field, a tool that asks nothing, an unknown tool; signed out 401', async () => {
    const me = await freshPatient();
    const post = (slug: string, answers: unknown) => as(me, `${api}/care_tools/${slug}/entries`, { method: 'POST', body: { answers } });
    assertClientError(await post('thought-record', { ...RECORD, thought: ' ' }), 422, 'Please fill in: The thought that came up.');
    assertClientError(await post('thought-record', { ...RECORD, feeling_after: 101 }), 400);
    assertClientError(await post('thought-record', { ...RECORD, mood: 'low' }), 422, 'no field mood');
    assertClientError(await post('box-breathing', { done: 'yes' }), 422, 'does not ask for anything');
    assertClientError(await post('no-such-tool', RECORD), 404);
    assertClientError(await call(`${api}/care_tools/thought-record/entries`), 401);
  });
});

describe('communities', () => {
  test('the username check, the community profile, joining once, leaving', async () => {
    const me = await freshPatient();
    const other = await freshPatient();
    const check = async (s: Session, u: string) =>
      (await as(s, `${api}/communities/username_check?username=${encodeURIComponent(u)}`)).body;
    const name = `asha_${process.pid}_${Date.now().toString(36)}`.slice(0, 20);
    assert.deepEqual(await check(me, name), { available: true, message: null });
    assert.deepEqual(await check(me, 'ab'), { available: false, message: 'A username has 3 to 20 characters.' });
    assert.deepEqual(await check(me, 'Admin'), {
      available: false,
      message: 'That username is kept for the Haven team. Please choose another.',
    });

    assert.deepEqual((await as(me, `${api}/communities/profile`)).body, { data: null });
    assertClientError(
      await as(me, `${api}/communities/anxiety-support/members`, { method: 'POST' }),
      422,
      'Choose a community username first.',
    );
    assert.equal((await as(me, `${api}/communities/profile`, { method: 'PUT', body: { username: name } })).status, 200);
    assert.equal((await as(me, `${api}/communities/profile`)).body.data.username, name);
    assert.deepEqual(await check(me, name.toUpperCase()), { available: true, message: null }, 'my own name is mine to keep');
    assert.deepEqual(await check(other, name.toUpperCase()), {
      available: false,
      message: 'That username is taken. Please choose another.',
    });
    assertClientError(
      await as(other, `${api}/communities/profile`, { method: 'PUT', body: { username: name.toUpperCase() } }),
      409,
      'That username is taken.',
    );
    assertClientError(
      await as(other, `${api}/communities/profile`, { method: 'PUT', body: { username: '9lives' } }),
      422,
      'starts with a letter',
    );

    const before = (await as(me, `${api}/communities/anxiety-support`)).body.data;
    assert.equal(before.joined, false);
    // A burst of 50 joins counts one member.
    const joins = await Promise.all(
      Array.from({ length: 50 }, () => as(me, `${api}/communities/anxiety-support/members`, { method: 'POST' })),
    );
    for (const j of joins) assert.equal(j.status, 200, JSON.stringify(j.body));
    const after = (await as(me, `${api}/communities/anxiety-support`)).body.data;
    assert.deepEqual([after.joined, after.member_count], [true, before.member_count + 1]);
    assert.equal((await as(other, `${api}/communities/anxiety-support`)).body.data.joined, false, "joined is mine, not everyone's");
    const left = (await as(me, `${api}/communities/anxiety-support/members`, { method: 'DELETE' })).body.data;
    assert.deepEqual([left.joined, left.member_count], [false, before.member_count]);
    assertClientError(await as(me, `${api}/communities/no-such-group`), 404);
    assertClientError(await as(me, `${api}/communities/no-such-group/members`, { method: 'POST' }), 404);
  });

  test('six people choosing one username at once: one gets it, the others hear it is taken (409)', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => freshPatient()));
    const name = `race_${Date.now().toString(36)}`.slice(0, 20);
    const answers = await Promise.all(
      people.map((p, i) => as(p, `${api}/communities/profile`, { method: 'PUT', body: { username: i % 2 ? name.toUpperCase() : name } })),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) assert.match(a.body.message, /That username is taken/);
  });

  test('a plan without communities (Initech) opens and joins none (403)', async () => {
    const cf = await signIn(api, 'cf@initech.test');
    assertClientError(await as(cf, `${api}/communities/anxiety-support`), 403, 'Communities are not part of your plan.');
    assertClientError(await as(cf, `${api}/communities/anxiety-support/members`, { method: 'POST' }), 403);
    assertClientError(await as(cf, `${api}/communities/profile`, { method: 'PUT', body: { username: 'initech_user' } }), 403);
  });
});
