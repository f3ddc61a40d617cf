// How a slice of the root store is written: its data, an `update` (shallow patch) and a `reset`.
// Async flows (fetching, login, ...) live in the feature issues and call these plain setters.

export interface SliceApi<D> {
  /** Shallow-merges into this slice only. */
  patch(partial: Partial<D>): void;
  get(): D;
}

export interface SliceActions<D> {
  update(partial: Partial<D>): void;
  reset(): void;
}

export function baseActions<D>(api: SliceApi<D>, initial: D): SliceActions<D> {
  return {
    update: (partial) => api.patch(partial),
    reset: () => api.patch(initial),
  };
}
