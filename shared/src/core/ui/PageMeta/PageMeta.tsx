import { usePageMeta, type PageMetaOptions } from './usePageMeta';

export type PageMetaProps = PageMetaOptions;

/** Declarative form of `usePageMeta`: renders nothing, keeps <head> in step with the page. */
export function PageMeta(props: PageMetaProps) {
  usePageMeta(props);
  return null;
}
