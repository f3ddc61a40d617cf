// The offline page is static (no script may run there): it lists every country of the helpline table,
// and this test keeps its numbers equal to the table the app's Crisis help shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELPLINES, telHref } from '../../shared/src/pure/crisis-help/helplines';

const html = readFileSync(join(__dirname, 'offline.html'), 'utf8');
const links = [...html.matchAll(/<a href="(tel:[^"]+)">([^<]+)<strong>([^<]+)<\/strong><\/a>/g)].map(([, href, label, number]) => ({
  href,
  label: label!.trim(),
  number,
}));

test.each(HELPLINES.map((c) => [c.country, c] as const))(
  '%s: every line of the table, one tap to call, named with its country',
  (_name, country) => {
    expect(html).toContain(`<h3>${country.country}</h3>`);
    for (const line of country.lines) {
      expect(links).toContainEqual({
        href: telHref(line.number),
        label: `${line.name.replace(/&/g, '&amp;')}, ${country.country}`,
        number: line.number,
      });
    }
  },
);

test('no number on the page that the table does not have', () => {
  const table = HELPLINES.flatMap((c) => c.lines.map((l) => `${c.country}:${l.number}`));
  for (const link of links) expect(table).toContain(`${link.label.split(', ').pop()}:${link.number}`);
  expect(links).toHaveLength(table.length);
});

test('the page says when the numbers were last checked: the oldest review date of the table', () => {
  const oldest = [...HELPLINES.map((c) => c.reviewed)].sort()[0]!;
  const written = new Date(`${oldest}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  expect(html).toContain(`last checked on ${written}.`);
});
