/**
 * Public provider pages: the address of a profile (its canonical form ends in a slash, product rules, Routes and redirects),
 * readable names of concerns, and the provider-list links a concern or a role leads to (short URL
 * codes, product rules, Providers and fees), so expertise and concerns link profiles to each other.
 */
import { queryFromFilters } from './provider-filters';
import { roleLabels } from '@haven/rules';

/** /provider/<uuid>/ : the address the sitemap lists and the static server prerenders. */
export function providerProfilePath(uuid: string): string {
  return `/provider/${encodeURIComponent(uuid)}/`;
}

const UPPER = new Set(['adhd', 'ocd']);
/** 'sleep-disturbances' -> 'Sleep disturbances'; 'adhd' -> 'ADHD'. */
export function concernLabel(slug: string): string {
  if (UPPER.has(slug)) return slug.toUpperCase();
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/** The provider list filtered to one concern or one role: /providers?c=anx */
export function providerListHref(filter: { concern?: string; role?: string }): string {
  const q = queryFromFilters(filter).toString();
  return q ? `/providers?${q}` : '/providers';
}

/** 'english' -> 'English': a language as the product writes it. */
export const languageLabel = (l: string) => (l ? l[0]!.toUpperCase() + l.slice(1) : l);
/** The page description (meta description and share text) of a public profile, the same in the app and the prerendered page. */
export function providerPageDescription(p: {
  firstname: string;
  lastname: string;
  roles?: readonly string[];
  concerns?: readonly string[];
  languages?: readonly string[];
}): string {
  const roles = roleLabels(p.roles).join(', ').toLowerCase();
  const parts = [`${p.firstname} ${p.lastname}${roles ? `, ${roles}` : ''} on Haven.`];
  if (p.concerns?.length)
    parts.push(
      `Helps with ${p.concerns
        .map((c) =>
          concernLabel(c)
            .toLowerCase()
            .replace(/^(adhd|ocd)$/, (m) => m.toUpperCase()),
        )
        .join(', ')}.`,
    );
  if (p.languages?.length) parts.push(`Sessions in ${p.languages.map(languageLabel).join(', ')}.`);
  return parts.join(' ');
}
