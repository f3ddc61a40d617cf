// A long task keeps a cheap phone from answering a tap until it ends (total blocking time). Work
// that runs as one chain of promises hands the main thread back between its steps with this: input and
// rendering run in between, and the chain goes on ahead of other queued work where the browser can say so.

type SchedulerGlobal = { scheduler?: { yield?: () => Promise<void> } };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as SchedulerGlobal).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * True where a yield resumes ahead of other queued work (scheduler.yield: Chrome and the Android webview):
 * for steps small enough that a setTimeout's delay and reordering would cost more than they save.
 */
export function yieldsAhead(): boolean {
  return typeof (globalThis as SchedulerGlobal).scheduler?.yield === 'function';
}
