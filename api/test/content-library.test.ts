// The content library over real HTTP: each of the six kinds lists (newest first, by topic, a page at a
// time) and opens without signing in; webinar registration needs a sign-in, counts once per person however
// often asked, is mine alone (a second account sees itself unregistered), closes when the webinar starts,
// and never seats more people than the webinar has, even when many ask at the same moment. Cancelling
// my own registration frees its seat once, however many cancels arrive together.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, freshPatient as fresh, googlePatient, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

const freshPatient = () => fresh(api, 'content');
/** How many ask at once in the bursts below. */
const BURST = 50;
const KINDS = ['blogs', 'videos', 'webinars', 'resources', 'spotlight', 'support_kits'];

/** A webinar of the test's own, starting in a week, with this many seats. */
async function webinarWithSeats(seats: number): Promise<string> {
  const slug = `burst-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  await srv.db.query(
    `INSERT INTO content_items (kind, slug, title, summary, topic, author, minutes, starts_at, seats)
     VALUES ('webinars', $1, 'Small group', 'A small group session.', 'stress', 'Haven care team', 30, now() + interval '7 days', $2)`,
    [slug, seats],
  );
  return slug;
}

describe('reading the library', () => {
  test('every kind lists without a sign-in, newest first, with its topics; an unknown kind is refused (400)', async () => {
    for (const kind of KINDS) {
      const r = await call(`${api}/content/${kind}`);
      assert.equal(r.status, 200, `${kind}: ${JSON.stringify(r.body)}`);
      assert.ok(r.body.data.length >= 2, `${kind} has seeded items`);
      assert.ok(r.body.data.every((i: { kind: string }) => i.kind === kind));
      assert.equal(r.body.meta.total, r.body.data.length);
      assert.deepEqual(r.body.meta.topics, [...new Set(r.body.data.map((i: { topic: string }) => i.topic))].sort());
      if (kind !== 'webinars') {
        const dates = r.body.data.map((i: { published_at: string }) => i.published_at);
        assert.deepEqual(dates, [...dates].sort().reverse(), `${kind} newest first`);
      }
    }
    assertClientError(await call(`${api}/content/podcasts`), 400);
  });

  test('a topic filters, and pages hold per_page items', async () => {
    const anxiety = (await call(`${api}/content/blogs?topic=anxiety`)).body;
    assert.deepEqual(
      anxiety.data.map((i: { slug: string }) => i.slug),
      ['when-worry-will-not-switch-off'],
    );
    assert.equal(anxiety.meta.total, 1);
    assert.deepEqual((await call(`${api}/content/blogs?topic=astrology`)).body.data, []);
    const first = (await call(`${api}/content/blogs?per_page=2`)).body;
    const second = (await call(`${api}/content/blogs?per_page=2&page=2`)).body;
    assert.equal(first.data.length, 2);
    assert.equal(second.meta.page, 2);
    assert.equal(first.meta.total, first.data.length + second.data.length);
    assert.ok(!first.data.some((a: { slug: string }) => second.data.some((b: { slug: string }) => a.slug === b.slug)));
    assertClientError(await call(`${api}/content/blogs?per_page=500`), 400);
  });

  test('webinars list upcoming ones first, soonest first, with their start and seats', async () => {
    const w = (await call(`${api}/content/webinars`)).body.data as { slug: string; starts_at: string; seats_left: number | null }[];
    const starts = w.map((i) => new Date(i.starts_at).getTime());
    const upcoming = starts.filter((t) => t > Date.now());
    assert.deepEqual(
      starts.slice(0, upcoming.length),
      [...upcoming].sort((a, b) => a - b),
    );
    assert.ok(new Date(w.at(-1)!.starts_at).getTime() < Date.now(), 'the past webinar comes last');
    assert.equal(w.find((i) => i.slug === 'managing-exam-stress')?.seats_left, 100);
  });

  test('one item opens by kind and slug: an article has paragraphs, a support kit its steps; elsewhere 404', async () => {
    const blog = await call(`${api}/content/blogs/when-worry-will-not-switch-off`);
    assert.equal(blog.status, 200);
    assert.ok(blog.body.data.body.length >= 3);
    assert.deepEqual(blog.body.data.steps, []);
    assert.equal(blog.body.data.starts_at, null);
    const kit = (await call(`${api}/content/support_kits/panic-attack`)).body.data;
    assert.ok(kit.steps.length >= 4);
    assert.ok(kit.steps.every((s: { title: string; detail: string }) => s.title && s.detail));
    assertClientError(await call(`${api}/content/videos/when-worry-will-not-switch-off`), 404);
    assertClientError(await call(`${api}/content/blogs/no-such-article`), 404);
    assertClientError(await call(`${api}/content/blogs/Not%20A%20Slug`), 400);
  });
});

describe('webinar registration', () => {
  test('signed out 401; once registered, asking again answers the same registration and takes no second seat', async () => {
    assertClientError(await call(`${api}/content/webinars/burnout-at-work/registrations`, { method: 'POST' }), 401);
    assertClientError(await call(`${api}/content/webinars/burnout-at-work/registration`), 401);
    const me = await freshPatient();
    const slug = await webinarWithSeats(5);
    assert.deepEqual((await as(me, `${api}/content/webinars/${slug}/registration`)).body.data, {
      registered: false,
      registered_at: null,
      seats_left: 5,
    });
    const first = await as(me, `${api}/content/webinars/${slug}/registrations`, { method: 'POST' });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.data.registered, true);
    assert.equal(first.body.data.seats_left, 4);
    const again = await as(me, `${api}/content/webinars/${slug}/registrations`, { method: 'POST' });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.data, first.body.data);
    assert.deepEqual((await as(me, `${api}/content/webinars/${slug}/registration`)).body.data, first.body.data);
    assert.equal((await call(`${api}/content/webinars/${slug}`)).body.data.seats_left, 4);
  });

  test('a second account sees itself unregistered for my webinar and takes a seat of its own', async () => {
    const me = await freshPatient();
    const other = await freshPatient();
    const slug = await webinarWithSeats(5);
    await as(me, `${api}/content/webinars/${slug}/registrations`, { method: 'POST' });
    const theirs = (await as(other, `${api}/content/webinars/${slug}/registration`)).body.data;
    assert.equal(theirs.registered, false);
    assert.equal(theirs.registered_at, null);
    assert.equal((await as(other, `${api}/content/webinars/${slug}/registrations`, { method: 'POST' })).status, 201);
    assert.equal((await as(me, `${api}/content/webinars/${slug}/registration`)).body.data.seats_left, 3);
  });

  test('a webinar that has started (422), an unknown one or another kind (404), a webinar without a seat limit', async () => {
    const me = await freshPatient();
    assertClientError(
      await as(me, `${api}/content/webinars/grief-in-the-first-year/registrations`, { method: 'POST' }),
      422,
      'registration is closed',
    );
    assertClientError(await as(me, `${api}/content/webinars/no-such-webinar/registrations`, { method: 'POST' }), 404);
    assertClientError(await as(me, `${api}/content/webinars/when-worry-will-not-switch-off/registrations`, { method: 'POST' }), 404);
    const open = await as(me, `${api}/content/webinars/burnout-at-work/registrations`, { method: 'POST' });
    assert.equal(open.status, 201);
    assert.equal(open.body.data.seats_left, null);
  });

  /** The webinar's seat count and the registrations kept for it, counted apart. */
  const seatsOf = async (slug: string) => {
    const [row] = await srv.db.query<{ taken: number; kept: number }>(
      `SELECT c.seats_taken AS taken, (SELECT count(*)::int FROM webinar_registrations r WHERE r.content_id = c.id) AS kept
         FROM content_items c WHERE c.slug = $1`,
      [slug],
    );
    return row;
  };
  const register = (who: Session, slug: string) => as(who, `${api}/content/webinars/${slug}/registrations`, { method: 'POST' });

  test(`${BURST} people asking for 20 seats at once: 20 get one, ${BURST - 20} hear it is full, 20 registrations are kept and counted`, async () => {
    const slug = await webinarWithSeats(20);
    const people = await Promise.all(Array.from({ length: BURST }, () => googlePatient(api, 'content')));
    const answers = await Promise.all(people.map((p) => register(p, slug)));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 201).length, 20, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 409).length, BURST - 20, JSON.stringify(statuses));
    for (const a of answers.filter((x) => x.status === 409)) assert.match(a.body.message, /This webinar is full/);
    assert.deepEqual(await seatsOf(slug), { taken: 20, kept: 20 });
    assert.equal((await call(`${api}/content/webinars/${slug}`)).body.data.seats_left, 0);
  });

  test(`one person asking ${BURST} times at once takes one seat`, async () => {
    const slug = await webinarWithSeats(20);
    const me = await freshPatient();
    const answers = await Promise.all(Array.from({ length: BURST }, () => register(me, slug)));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 200).length, BURST - 1, JSON.stringify(statuses));
    assert.deepEqual(await seatsOf(slug), { taken: 1, kept: 1 });
    assert.equal((await call(`${api}/content/webinars/${slug}`)).body.data.seats_left, 19);
  });
});

describe('cancelling a webinar registration', () => {
  const registration = (slug: string) => `${api}/content/webinars/${slug}/registration`;
  const registrations = (slug: string) => `${api}/content/webinars/${slug}/registrations`;
  const seatsOf = async (slug: string) =>
    (
      await srv.db.query<{ taken: number; kept: number }>(
        `SELECT c.seats_taken AS taken, (SELECT count(*)::int FROM webinar_registrations r WHERE r.content_id = c.id) AS kept
           FROM content_items c WHERE c.slug = $1`,
        [slug],
      )
    )[0];

  test('signed out 401; mine is cancelled and its seat freed; again 404; I may register again', async () => {
    const slug = await webinarWithSeats(2);
    assertClientError(await call(registration(slug), { method: 'DELETE' }), 401);
    const me = await freshPatient();
    assert.equal((await as(me, registrations(slug), { method: 'POST' })).body.data.seats_left, 1);
    const cancelled = await as(me, registration(slug), { method: 'DELETE' });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.deepEqual(cancelled.body.data, { registered: false, registered_at: null, seats_left: 2 });
    assert.deepEqual(await seatsOf(slug), { taken: 0, kept: 0 });
    assertClientError(await as(me, registration(slug), { method: 'DELETE' }), 404, 'not registered');
    assert.equal((await as(me, registrations(slug), { method: 'POST' })).status, 201);
  });

  test('a second account cannot cancel my registration (404); mine stays until I cancel it', async () => {
    const slug = await webinarWithSeats(2);
    const [me, other] = await Promise.all([freshPatient(), freshPatient()]);
    await as(me, registrations(slug), { method: 'POST' });
    assertClientError(await as(other, registration(slug), { method: 'DELETE' }), 404, 'not registered');
    assert.equal((await as(me, registration(slug))).body.data.registered, true);
    assert.deepEqual(await seatsOf(slug), { taken: 1, kept: 1 });
    assert.equal((await as(me, registration(slug), { method: 'DELETE' })).status, 200);
  });

  test('once the webinar has started (422), an unknown webinar (404)', async () => {
    const me = await freshPatient();
    assertClientError(await as(me, registration('grief-in-the-first-year'), { method: 'DELETE' }), 422, 'already started');
    assertClientError(await as(me, registration('no-such-webinar'), { method: 'DELETE' }), 404);
  });

  test('one person cancelling six times at once frees one seat; five hear they hold none', async () => {
    const slug = await webinarWithSeats(3);
    const [me, other] = await Promise.all([freshPatient(), freshPatient()]);
    await as(me, registrations(slug), { method: 'POST' });
    await as(other, registrations(slug), { method: 'POST' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => as(me, registration(slug), { method: 'DELETE' })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 404, 404, 404, 404, 404]);
    assert.deepEqual(await seatsOf(slug), { taken: 1, kept: 1 });
  });

  test('eight people cancelling at once, while others register: every seat is counted once', async () => {
    const slug = await webinarWithSeats(8);
    const people = await Promise.all(Array.from({ length: 8 }, () => freshPatient()));
    await Promise.all(people.map((p) => as(p, registrations(slug), { method: 'POST' })));
    assert.deepEqual(await seatsOf(slug), { taken: 8, kept: 8 });
    const newcomers = await Promise.all(Array.from({ length: 4 }, () => freshPatient()));
    const answers = await Promise.all([
      ...people.map((p) => as(p, registration(slug), { method: 'DELETE' })),
      ...newcomers.map((p) => as(p, registrations(slug), { method: 'POST' })),
    ]);
    assert.deepEqual(
      answers.slice(0, 8).map((a) => a.status),
      Array(8).fill(200),
    );
    const joined = answers.slice(8).filter((a) => a.status === 201).length;
    const row = await seatsOf(slug);
    assert.equal(row?.taken, row?.kept, 'seats taken match the registrations kept');
    assert.equal(row?.kept, joined);
  });
});
