// What a package promises is what it books: the card's "Covers", GET /providers and booking with a credit
// come from the one plan rule. One test per demo company (and a self-paying patient), over real HTTP.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

interface Listed {
  uuid: string;
  roles: string[];
}
const list = async (s: Session | null, query = '') => {
  const r = s
    ? await as<{ data: Listed[]; meta: { total: number } }>(s, `${api}/providers?per_page=50${query}`)
    : await call<{ data: Listed[]; meta: { total: number } }>(`${api}/providers?per_page=50${query}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
};
const withRole = (rows: Listed[], role: string) => rows.filter((p) => p.roles.includes(role));

const COMPANIES = [
  // [who, e-mail, roles the plan books, roles it does not, the card's words (null: no package)]
  [
    'Acme (everything, clinics too)',
    'employee@acme.test',
    ['therapist', 'psychiatrist', 'couplestherapist'],
    [],
    "Therapy, psychiatry, couples therapy and children's care",
  ],
  [
    'Globex (no psychiatry)',
    'employee@globex.test',
    ['therapist', 'couplestherapist'],
    ['psychiatrist'],
    "Therapy, couples therapy and children's care",
  ],
  ['Initech (no couples therapy)', 'cf@initech.test', ['therapist', 'psychiatrist'], ['couplestherapist'], null],
  ['Lumen Works (plan 2b2, no psychiatry)', 'employee@lumen.test', ['therapist', 'couplestherapist'], ['psychiatrist'], null],
  ['a self-paying patient (no plan)', 'patient@haven.test', ['therapist', 'psychiatrist', 'couplestherapist'], [], null],
] as const;

describe('one plan rule for the card, the provider list and the search', () => {
  for (const [who, email, offered, excluded, covers] of COMPANIES) {
    test(who, async () => {
      const s = await signIn(api, email);
      const all = await list(s);
      assert.equal(all.meta.total, all.data.length, 'one page holds them all: the total counts what is listed');
      for (const role of offered) assert.ok(withRole(all.data, role).length > 0, `${role} listed`);
      for (const role of excluded) {
        // Only a provider who also holds an offered role stays (bookable in that role), in the list and the search.
        for (const p of [...withRole(all.data, role), ...(await list(s, `&role=${role}`)).data]) {
          assert.ok(
            p.roles.some((r) => (offered as readonly string[]).includes(r)),
            `${p.uuid} (${p.roles.join(', ')}) is not bookable on this plan`,
          );
        }
      }

      const card = await as(s, `${api}/customers/partner_package`);
      const pkg = await as(s, `${api}/customers/org_packages`);
      if (covers === null) {
        assert.equal(card.body.is_package_client, false);
        assert.deepEqual(card.body.covered_roles, []);
        return;
      }
      assert.equal(card.body.covers_text, covers);
      // The card's one sentence names the same care, as choices of one session each, and never the analytics code.
      assert.equal(
        card.body.statement,
        `${card.body.sessions_total} sponsored sessions of ${covers.toLowerCase().replace(/ and ([^,]+)$/, ' or $1')}`,
      );
      assert.deepEqual(pkg.body.covered_roles, card.body.covered_roles, 'booking with a credit covers what the card says');
      // Every role the card promises can be found in the list, and nothing the card leaves out is offered.
      for (const role of card.body.covered_roles as string[]) {
        if (['therapist', 'psychiatrist', 'couplestherapist'].includes(role))
          assert.ok((await list(s, `&role=${role}`)).data.length > 0, `${role} is covered and listed`);
      }
      for (const role of excluded) assert.ok(!(card.body.covered_roles as string[]).includes(role), `${role} is not promised`);
    });
  }

  test('booking with a credit: what the card does not promise is refused, and no credit is spent', async () => {
    for (const email of ['employee@acme.test', 'employee@globex.test']) {
      const s = await signIn(api, email);
      const card = (await as(s, `${api}/customers/partner_package`)).body;
      const promised = card.covered_roles as string[];
      // A coach: a therapy package's card never names coaching, so the api must refuse to spend a credit on one.
      const coach = (await list(s, '&role=coach')).data.find((p) => !p.roles.some((r) => promised.includes(r)));
      assert.ok(coach, `${email}: a provider outside the package is listed`);
      const dates = await call(`${api}/providers/${coach.uuid}/schedule_dates`);
      const slots = await call(`${api}/providers/${coach.uuid}/slots?date=${dates.body.data.dates[5].date}`);
      const made = await as(s, `${api}/bookings`, {
        method: 'POST',
        body: { provider_uuid: coach.uuid, start_time: slots.body.data.slots[2].start_time, mode: 'online' },
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const r = await as(s, `${api}/bookings/${made.body.data.uuid}/package`, { method: 'POST' });
      assert.equal(r.status, 422, `${email}: ${JSON.stringify(r.body)}`);
      assert.equal((await as(s, `${api}/customers/partner_package`)).body.sessions_left, card.sessions_left, 'no credit spent');
      assert.ok(!card.statement.includes('coaching'));
    }
  });

  test('signed out: every provider is listed (no plan limits a visitor)', async () => {
    const all = await list(null);
    assert.ok(withRole(all.data, 'psychiatrist').length > 0);
    assert.ok(withRole(all.data, 'couplestherapist').length > 0);
    // Stale credentials are treated as signed out.
    assert.ok(
      withRole(
        (
          await call<{ data: Listed[] }>(`${api}/providers?per_page=50`, {
            headers: { 'access-token': 'stale', client: 'x', uid: 'nobody@haven.test' },
          })
        ).body.data,
        'psychiatrist',
      ).length > 0,
    );
  });
});
