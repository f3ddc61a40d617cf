import { useEffect } from 'react';
import { canonicalUrl } from '../../rules/canonical-url';
import { DEFAULT_PAGE_META } from '../../rules/default-page-meta';
import { pageTitle } from '../../rules/page-title';

export interface PageMetaOptions {
  title?: string;
  description?: string;
  /** Share image: absolute URL, or a path resolved against the site base. */
  image?: string;
  maxTitleLength?: number;
  /** The site base of the canonical link (runtime config `siteBaseUrl`); defaults to the page origin. */
  siteBase?: string;
  /** Defaults to `window.location.pathname` as of the latest render; the router's pathname may be passed. */
  pathname?: string;
  /** Pages that must stay out of search results (not found): `<meta name="robots" content="noindex">`. */
  noindex?: boolean;
}

/** Share images must be absolute for crawlers; a malformed base leaves the value as given. */
function absoluteUrl(value: string, base: string): string {
  try {
    return new URL(value, `${base.replace(/\/+$/, '')}/`).href;
  } catch {
    return value;
  }
}

/** Finds the one element of a kind in <head>, creating it on first use: never a duplicate. */
function upsertHeadElement(selector: string, create: () => HTMLElement): HTMLElement {
  const found = document.head.querySelectorAll<HTMLElement>(selector);
  found.forEach((extra, index) => index > 0 && extra.remove());
  const first = found[0];
  if (first) return first;
  const element = create();
  document.head.appendChild(element);
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  upsertHeadElement(`meta[${attribute}="${key}"]`, () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  }).setAttribute('content', content);
}

function setCanonical(href: string): void {
  upsertHeadElement('link[rel="canonical"]', () => {
    const link = document.createElement('link');
    link.setAttribute('rel', 'canonical');
    return link;
  }).setAttribute('href', href);
}

/**
 * Product rules, Routes and redirects: "Shared page wrapper": sets the document title (cut at 40 characters by default), the
 * description, the share tags (og:title, og:description, og:image) and the canonical link; values not
 * given fall back to the defaults. Updates the existing tags, never adds a second one.
 */
export function usePageMeta({
  title,
  description,
  image,
  maxTitleLength,
  siteBase,
  pathname,
  noindex = false,
}: PageMetaOptions = {}): void {
  // Read on every render so a re-render after a client-side route change moves the canonical link.
  const currentPath = pathname ?? window.location.pathname;
  useEffect(() => {
    const base = siteBase || window.location.origin;
    const fullTitle = pageTitle(title || DEFAULT_PAGE_META.title, maxTitleLength);
    const fullDescription = description || DEFAULT_PAGE_META.description;
    const imageUrl = absoluteUrl(image || DEFAULT_PAGE_META.image, base);

    document.title = fullTitle;
    setMeta('name', 'description', fullDescription);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', fullDescription);
    setMeta('property', 'og:image', imageUrl);
    setCanonical(canonicalUrl(base, currentPath));
    if (noindex) setMeta('name', 'robots', 'noindex');
    else document.head.querySelectorAll('meta[name="robots"]').forEach((meta) => meta.remove());
  }, [title, description, image, maxTitleLength, siteBase, currentPath, noindex]);
}
