import { useEffect, type ReactNode } from 'react';
import { markPagePainted } from '../../platform/page-painted';
import { PageMeta } from '../PageMeta/PageMeta';
import { AccountNav } from './AccountNav';
import { SupportFooter } from '../Support/SupportFooter';
import '../../../pure/tokens.css';
import './PageFrame.css';

export const PRODUCT_NAME = 'Haven';
export const MAIN_CONTENT_ID = 'hv-main-content';

export interface PageFrameProps {
  /** The page heading (h1) and the document title (cut at 40 characters). */
  title: string;
  description?: string;
  image?: string;
  children?: ReactNode;
  /** The app that renders the page (e.g. 'mfe-auth'); written as data-app for tests and debugging. */
  app: string;
  /** Canonical link base (runtime config `siteBaseUrl`); defaults to the page origin. */
  siteBase?: string;
  /** The router's pathname, so the canonical link follows route changes. */
  pathname?: string;
  /** Keep the page out of search results (the not-found page). */
  noindex?: boolean;
  /**
   * No site header or footer: a page that is a task of its own (the session room, which a provider opens
   * too), whose own controls carry the way out. The crisis help above every page stays.
   */
  bare?: boolean;
}

/**
 * The page layout every remote uses: skip link, header with the product name (link to '/'),
 * a main landmark with the page heading and content, and a footer. Mobile-first (360 px and up).
 */
export function PageFrame({ title, description, image, children, app, siteBase, pathname, noindex, bare = false }: PageFrameProps) {
  // Work deferred until a page is on screen (the realtime client of a restored session) may start now.
  useEffect(markPagePainted, []);
  return (
    <div className={bare ? 'hv-root hv-page-frame hv-page-frame--bare' : 'hv-root hv-page-frame'} data-app={app}>
      <PageMeta title={title} description={description} image={image} siteBase={siteBase} pathname={pathname} noindex={noindex} />
      <a className="hv-skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      {bare ? null : (
        <header className="hv-page-frame__header">
          <a className="hv-page-frame__brand" href="/">
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
              <path
                d="M12 21s-7.5-4.6-9.3-9.4C1.4 8 3.6 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.6 0 5.8 3.5 4.5 7.1C19.5 16.4 12 21 12 21z"
                fill="currentColor"
              />
            </svg>
            <span className="hv-page-frame__brand-name">{PRODUCT_NAME}</span>
          </a>
          <AccountNav pathname={pathname ?? window.location.pathname} search={window.location.search} />
        </header>
      )}
      <main id={MAIN_CONTENT_ID} className="hv-page-frame__main" tabIndex={-1}>
        <h1 className="hv-page-frame__title">{title}</h1>
        {children}
      </main>
      {bare ? null : (
        <footer className="hv-page-frame__footer">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. If you are in immediate danger, call your local emergency number.
          </p>
          <SupportFooter />
        </footer>
      )}
    </div>
  );
}
