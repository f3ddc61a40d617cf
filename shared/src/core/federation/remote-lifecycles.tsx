import { Component, startTransition, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AppProps, LifeCycles } from 'single-spa';
import { havenStore } from '../state/store';
import { eventBus } from '../events/event-bus';
import { ErrorScreen } from '../ui/ErrorScreen/ErrorScreen';
import { reportError } from '../reporting/report-error';

interface DebugWindow {
  __havenRemotes?: Record<string, { havenStore: unknown; eventBus: unknown }>;
}

/** What the shell passes every app it registers (bootstrap.tsx: `customProps`). */
type MountProps = AppProps & { domElement?: HTMLElement };

interface PageLifecycleOptions {
  /** Renders the first page as a transition (see createRemoteLifecycles). */
  transition?: boolean;
  /** Catches what escapes the page and shows the error screen, reported with this context. */
  reportAs?: Record<string, unknown>;
}

/** Shows the error screen for a render error that escaped the page below, and reports it once. */
class RootErrorBoundary extends Component<{ reportAs: Record<string, unknown>; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportError(error, this.props.reportAs);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/** Tells single-spa the page is in the document: the commit's layout phase, then a task, as mounts always resolved. */
function Committed({ onCommitted, children }: { onCommitted: () => void; children: ReactNode }) {
  useLayoutEffect(() => {
    setTimeout(onCommitted);
  }, [onCommitted]);
  return children;
}

/**
 * single-spa lifecycles that render `Page` with React into the element the shell gives the app (the few
 * lines of single-spa-react this platform used: a library and a shared module fewer on every page). A mount
 * resolves once the page has committed; an unmount once it has left the document.
 */
export function createPageLifecycles(Page: ComponentType, { transition = false, reportAs }: PageLifecycleOptions = {}): LifeCycles {
  const roots = new Map<string, Root>();
  return {
    bootstrap: () => Promise.resolve(),
    mount: (props) =>
      new Promise<void>((resolve) => {
        const { name, domElement } = props as MountProps;
        if (!(domElement instanceof HTMLElement)) throw new Error(`${name} was mounted without its element`);
        const root = createRoot(domElement);
        roots.set(name, root);
        const page = reportAs ? (
          <RootErrorBoundary reportAs={reportAs}>
            <Page />
          </RootErrorBoundary>
        ) : (
          <Page />
        );
        const element = <Committed onCommitted={resolve}>{page}</Committed>;
        if (transition) startTransition(() => root.render(element));
        else root.render(element);
      }),
    unmount: (props) => {
      const { name } = props as MountProps;
      roots.get(name)?.unmount();
      roots.delete(name);
      return new Promise<void>((resolve) => setTimeout(resolve));
    },
  };
}

/**
 * The `./app` expose of a remote: single-spa lifecycles around its root component. The error boundary
 * here catches what escapes the remote's own boundary, so a crash never leaves an empty page.
 * A remote's first render is a whole page (the dashboard's: every section) and was one of the longest tasks
 * of a cold signed-in load. Rendered as a transition, React does it in slices a tap can come between
 * (total blocking time); nothing of it is painted before it is complete, as before.
 */
export function createRemoteLifecycles(name: string, Root: ComponentType): LifeCycles {
  const lifecycles = createPageLifecycles(Root, { transition: true, reportAs: { area: 'remote-root', remote: name } });
  // Which store and bus this remote received, for the browser suite's singleton check.
  const debug = window as unknown as DebugWindow;
  debug.__havenRemotes = { ...debug.__havenRemotes, [name]: { havenStore, eventBus } };
  return lifecycles;
}
