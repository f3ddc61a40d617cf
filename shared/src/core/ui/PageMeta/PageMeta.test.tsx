import { render } from '@testing-library/react';
import { DEFAULT_PAGE_META } from '../../rules/default-page-meta';
import { PageMeta } from './PageMeta';

const head = () => ({
  title: document.title,
  description: document.head.querySelectorAll('meta[name="description"]'),
  ogTitle: document.head.querySelectorAll('meta[property="og:title"]'),
  ogDescription: document.head.querySelectorAll('meta[property="og:description"]'),
  ogImage: document.head.querySelectorAll('meta[property="og:image"]'),
  canonical: document.head.querySelectorAll('link[rel="canonical"]'),
});

describe('PageMeta (product rules, Routes and redirects: shared page wrapper)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.title = '';
    window.history.replaceState(null, '', '/');
  });

  it('sets the defaults: title, description, share image, canonical link', () => {
    window.history.replaceState(null, '', '/therapy-psychiatry?utm_source=x');
    render(<PageMeta />);
    const h = head();
    expect(h.title).toBe(DEFAULT_PAGE_META.title);
    expect(h.description[0]).toHaveAttribute('content', DEFAULT_PAGE_META.description);
    expect(h.ogTitle[0]).toHaveAttribute('content', DEFAULT_PAGE_META.title);
    expect(h.ogDescription[0]).toHaveAttribute('content', DEFAULT_PAGE_META.description);
    expect(h.ogImage[0]).toHaveAttribute('content', `http://localhost${DEFAULT_PAGE_META.image}`);
    // site base + current path without the query, ending in '/'
    expect(h.canonical[0]).toHaveAttribute('href', 'http://localhost/therapy-psychiatry/');
  });

  it('cuts the title at 40 characters by default, or at maxTitleLength', () => {
    const { rerender } = render(<PageMeta title="Online therapy and psychiatry with licensed experts near you" />);
    expect(document.title).toBe('Online therapy and psychiatry with licen');
    rerender(<PageMeta title="Online therapy" maxTitleLength={6} />);
    expect(document.title).toBe('Online');
  });

  it('uses the given values and site base', () => {
    render(
      <PageMeta
        title="Log in"
        description="Log in to Haven."
        image="https://cdn.haven.care/share.png"
        siteBase="https://haven.care/"
        pathname="/auth/log-in"
      />,
    );
    const h = head();
    expect(h.title).toBe('Log in');
    expect(h.description[0]).toHaveAttribute('content', 'Log in to Haven.');
    expect(h.ogTitle[0]).toHaveAttribute('content', 'Log in');
    expect(h.ogImage[0]).toHaveAttribute('content', 'https://cdn.haven.care/share.png');
    expect(h.canonical[0]).toHaveAttribute('href', 'https://haven.care/auth/log-in/');
  });

  it('keeps one tag of each: updates, never duplicates (also removes duplicates found in the page)', () => {
    const stray = document.createElement('meta');
    stray.setAttribute('name', 'description');
    document.head.append(stray, stray.cloneNode());
    const { rerender } = render(<PageMeta title="One" pathname="/a" />);
    rerender(<PageMeta title="Two" pathname="/b" />);
    render(<PageMeta title="Three" pathname="/c" />);
    const h = head();
    for (const list of [h.description, h.ogTitle, h.ogDescription, h.ogImage, h.canonical]) {
      expect(list).toHaveLength(1);
    }
    expect(h.title).toBe('Three');
    expect(h.canonical[0]).toHaveAttribute('href', 'http://localhost/c/');
  });

  it('falls back to the page origin for an empty site base', () => {
    render(<PageMeta siteBase="" pathname="/t-p" />);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/t-p/');
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `http://localhost${DEFAULT_PAGE_META.image}`,
    );
  });

  it('follows a client-side route change on the next render', () => {
    window.history.replaceState(null, '', '/auth/log-in');
    const { rerender } = render(<PageMeta title="Log in" />);
    window.history.pushState(null, '', '/auth/log-in/help');
    rerender(<PageMeta title="Log in" />);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/auth/log-in/help/');
  });

  it('marks a page noindex while it is shown, and drops the mark on the next page', () => {
    const robots = () => document.head.querySelectorAll('meta[name="robots"]');
    const { rerender } = render(<PageMeta title="Not found" noindex />);
    expect(robots()).toHaveLength(1);
    expect(robots()[0]).toHaveAttribute('content', 'noindex');
    rerender(<PageMeta title="Home" />);
    expect(robots()).toHaveLength(0);
  });
});
