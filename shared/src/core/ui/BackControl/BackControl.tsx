// Product rules, Entry parameters: hideBackBtn (app config): app webviews draw their own back button, so every back control
// of the web (booking steps, session room, account pages, dialogs with a back arrow) goes through
// this one component and disappears when the app asked for it.
import type { ReactNode } from 'react';
import { useHavenStore } from '../../state/store';

/** True when the page was opened with hideBackBtn=true (kept in the persisted app config). */
export function useBackHidden(): boolean {
  return useHavenStore((s) => s.appConfig.hideBackBtn);
}

/** Renders its back control unless hideBackBtn is set. */
export function BackControl({ children }: { children: ReactNode }) {
  return useBackHidden() ? null : <>{children}</>;
}
