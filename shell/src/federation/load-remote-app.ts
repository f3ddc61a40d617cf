import { loadRemote } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { reportError } from '@haven/shared';
import type { RemoteAppExpose } from '@haven/shared';
import type { RemoteKey } from '../routing/route-table';
import { errorScreenApp } from './error-screen-app';

export const REMOTE_LOAD_ATTEMPTS = 3;
const RETRY_BASE_DELAY_MS = 400;

/** MF container names are JS identifiers; runtime-config keys are folder names. */
export function containerName(remote: RemoteKey): string {
  return remote.replace(/-/g, '_');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The expose's type is the contract (RemoteAppExpose); what arrives at runtime is still checked. */
function isLifeCycles(value: unknown): value is RemoteAppExpose {
  const candidate = value as Partial<RemoteAppExpose> | null;
  return typeof candidate?.mount === 'function' && typeof candidate?.unmount === 'function';
}

/**
 * Loads a remote's `./app` lifecycles, retrying with back-off. A remote that still cannot be loaded
 * (server down, 404, script error) gets the error screen on its routes only: single-spa keeps the
 * shell and every other remote running, and 'Refresh page' tries again.
 */
export async function loadRemoteApp(remote: RemoteKey, attempts = REMOTE_LOAD_ATTEMPTS): Promise<LifeCycles> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const module = await loadRemote<unknown>(`${containerName(remote)}/app`);
      if (isLifeCycles(module)) return module;
      lastError = new Error(`Remote ${remote} did not expose single-spa lifecycles`);
    } catch (error) {
      lastError = error;
    }
    if (attempt < attempts) await wait(RETRY_BASE_DELAY_MS * attempt);
  }
  reportError(lastError, { area: 'federation', remote });
  return errorScreenApp(remote);
}
