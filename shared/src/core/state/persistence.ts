// How the root store is persisted (product rules, What the client keeps). Decision: ONE root store holds every slice and ONE
// `persist` writes a `partialize`d object under the key `haven` with only the five named slices. One
// write path means one storage key, one hydration, one time-out and one validation step; per-slice
// stores sharing a key would race each other's read-modify-write.
import type { PersistStorage, StateStorage, StorageValue } from 'zustand/middleware';
import { reportError } from '../reporting/report-error';
import { appConfigPersisted } from './app-config';
import { disclaimerPersisted } from './disclaimer';
import { packagePersisted } from './package';
import { providerSwitchPersisted } from './provider-switch';
import { userLocationDetailsPersisted } from './user-location-details';
import { isPlainObject, pickValid, type Shape } from './validate';

export const PERSIST_KEY = 'haven';
export const REHYDRATION_TIMEOUT_MS = 5000;
/** Larger than anything the five slices legitimately hold; above it the stored value is ignored. */
export const MAX_PERSISTED_CHARS = 1_000_000;

/** Slice name -> the fields of it that are persisted, each with its rehydration check. */
export const PERSISTED_SHAPES = {
  disclaimer: disclaimerPersisted,
  package: packagePersisted,
  appConfig: appConfigPersisted,
  providerSwitch: providerSwitchPersisted,
  userLocationDetails: userLocationDetailsPersisted,
} as const;

export type PersistedSliceName = keyof typeof PERSISTED_SHAPES;
export type PersistedState = Partial<Record<PersistedSliceName, Record<string, unknown>>>;

/** Only the listed fields of the five slices: no actions, no loading flags, nothing else. */
export function partializeState(state: Record<PersistedSliceName, object>): PersistedState {
  const out: PersistedState = {};
  for (const name of Object.keys(PERSISTED_SHAPES) as PersistedSliceName[]) {
    const slice = state[name] as Record<string, unknown>;
    const fields: Record<string, unknown> = {};
    for (const key of Object.keys(PERSISTED_SHAPES[name])) fields[key] = slice[key];
    out[name] = fields;
  }
  return out;
}

/**
 * Merges stored values into the fresh state, slice by slice. A slice that fails its check keeps its
 * defaults (and is reported); the other slices still rehydrate.
 */
export function mergePersisted<S extends Record<PersistedSliceName, object>>(persisted: unknown, current: S): S {
  if (!isPlainObject(persisted)) return current;
  const next = { ...current };
  for (const name of Object.keys(PERSISTED_SHAPES) as PersistedSliceName[]) {
    if (!Object.prototype.hasOwnProperty.call(persisted, name)) continue;
    const valid = pickValid(persisted[name], PERSISTED_SHAPES[name] as Shape<Record<string, unknown>>);
    if (valid === null) {
      reportError(new Error(`Stored state for "${name}" is invalid; using defaults`));
      continue;
    }
    (next as Record<string, object>)[name] = { ...current[name], ...valid };
  }
  return next;
}

/** JSON storage that never throws: oversized or corrupt values read as "nothing stored". */
export function safeJsonStorage(raw: () => StateStorage): PersistStorage<PersistedState> {
  const parse = (text: string | null): StorageValue<PersistedState> | null => {
    if (text === null) return null;
    if (text.length > MAX_PERSISTED_CHARS) {
      reportError(new Error(`Stored state "${PERSIST_KEY}" is too large; using defaults`));
      return null;
    }
    try {
      const value: unknown = JSON.parse(text);
      if (!isPlainObject(value) || !isPlainObject(value.state)) return null;
      return { state: value.state as PersistedState, version: typeof value.version === 'number' ? value.version : 0 };
    } catch (error) {
      reportError(error, { where: 'state rehydration', reason: `corrupt JSON under "${PERSIST_KEY}"` });
      return null;
    }
  };
  return {
    getItem: (name) => {
      try {
        const text = raw().getItem(name);
        if (text !== null && typeof text === 'object' && 'then' in text) return Promise.resolve(text).then(parse, () => null);
        return parse(text);
      } catch {
        return null; // storage blocked: start from defaults
      }
    },
    setItem: (name, value) => {
      const text = JSON.stringify(value);
      try {
        // The store persists on every change; most changes (loading flags, data held in memory) leave
        // the persisted part as it is stored, and a write is costlier main-thread work than a read.
        // Compared with what storage holds, not with our last write: a wipe (session loss) or another
        // tab's write is still overwritten by this tab's next change, as before.
        if (raw().getItem(name) === text) return;
        raw().setItem(name, text);
      } catch (error) {
        reportError(error, { where: 'state persistence' }); // quota exceeded: keep running in memory
      }
    },
    removeItem: (name) => {
      try {
        return raw().removeItem(name);
      } catch {
        // nothing to remove
      }
    },
  };
}
