// The six kinds of the content area, in the order of its tabs, with the address segment each reads
// from (hyphenated, as the rest of the dashboard's addresses are) and what it is called.
import type { ContentKind } from './api/content-calls';

export const CONTENT_AREA_PATH = '/dashboard/resources';

export interface KindInfo {
  kind: ContentKind;
  segment: string;
  label: string;
  /** One item of this kind, in a sentence ("This article"). */
  one: string;
  empty: string;
}

export const KINDS: readonly KindInfo[] = [
  { kind: 'blogs', segment: 'blogs', label: 'Articles', one: 'This article', empty: 'No articles yet.' },
  { kind: 'videos', segment: 'videos', label: 'Videos', one: 'This video', empty: 'No videos yet.' },
  { kind: 'webinars', segment: 'webinars', label: 'Webinars', one: 'This webinar', empty: 'No webinars are planned yet.' },
  { kind: 'resources', segment: 'resources', label: 'Resources', one: 'This resource', empty: 'No resources yet.' },
  { kind: 'spotlight', segment: 'spotlight', label: 'Spotlight', one: 'This story', empty: 'No stories yet.' },
  { kind: 'support_kits', segment: 'support-kits', label: 'Support kits', one: 'This support kit', empty: 'No support kits yet.' },
];

/** The kind an address segment names (null: none, the not-found page). */
export const kindOfSegment = (segment: string): KindInfo | null => KINDS.find((k) => k.segment === segment) ?? null;

export const itemPath = (k: KindInfo, slug: string) => `${CONTENT_AREA_PATH}/${k.segment}/${slug}`;
export const kindPath = (k: KindInfo) => `${CONTENT_AREA_PATH}/${k.segment}`;

/** A topic as a reader sees it: 'getting-started' reads 'Getting started'. */
export const topicLabel = (topic: string) => {
  const words = topic.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
