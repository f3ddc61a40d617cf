export interface PageMetaValues {
  title: string;
  description: string;
  /** Share image: absolute URL, or a path resolved against the site base. */
  image: string;
}

/**
 * Product rules, Routes and redirects: "Shared page wrapper: default title, default description (therapy, psychiatry, self-care,
 * community support), default share image". The image is served by the shell at this path.
 */
export const DEFAULT_PAGE_META: Readonly<PageMetaValues> = Object.freeze({
  title: 'Haven: therapy and psychiatry online',
  description:
    'Haven is mental-health care in one place: therapy, psychiatry, self-care tools and community support, with licensed experts who listen.',
  image: '/share-image.png',
});
