/**
 * Public provider pages: the address of a profile (its canonical form ends in a slash, product rules, Routes and redirects),
 * readable names of concerns, and the provider-list links a concern or a role leads to (short URL
 * codes, product rules, Providers and fees), so expertise and concerns link profiles to each other.
 */
import { queryFromFilters } from './provider-filters';
import { roleLabels, wordLabel } from '@haven/rules';

/** /provider/<uuid>/ : the address the sitemap lists and the static server prerenders. */
export function providerProfilePath(uuid: string): string {
  return `/provider/${encodeURIComponent(uuid)}/`;
}

/** 'sleep-disturbances' -> 'Sleep disturbances'; 'adhd' -> 'ADHD' (the one label rule). */
export const concernLabel = (slug: string): string => wordLabel(slug);

/** The provider list filtered to one concern or one role: /providers?c=anx */
export function providerListHref(filter: { concern?: string; role?: string }): string {
  const q = queryFromFilters({
    ...(filter.concern ? { concerns: [filter.concern] } : {}),
    ...(filter.role ? { roles: [filter.role] } : {}),
  }).toString();
  return q ? `/providers?${q}` : '/providers';
}

/** The languages providers offer, in the order every language choice lists them (filters, matching). */
export const PROVIDER_LANGUAGES = ['english', 'hindi', 'marathi', 'tamil', 'bengali', 'punjabi', 'kannada', 'malayalam'] as const;

/** 'english' -> 'English': a language as the product writes it. */
export const languageLabel = (l: string): string => wordLabel(l);
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
