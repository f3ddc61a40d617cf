import { bringLiveOnstage, type Prerendered } from './offstage';
import { PRESSED_ATTRIBUTE, SNAPSHOT_ID_PREFIX, SNAPSHOT_STYLE_ATTRIBUTE } from '../../../build/prerender/snapshot-document.mjs';

/** How long the snapshot may stand in for a page that never settles (a remote that cannot load shows its error screen sooner). */
export const SNAPSHOT_LIMIT_MS = 10_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const FIELDS = 'input, textarea, select';

/** The live page is shown once it has a heading and nothing in it is still loading. */
export function isLivePageReady(app: Element): boolean {
  return Boolean(app.querySelector('h1')) && !app.querySelector('.hv-spinner, [aria-busy="true"], .hv-boot');
}

/**
 * A standalone page's picture is its first view, loading state included (the session room checking its link):
 * the live page takes over as soon as it draws its heading, so the crisis help in it answers at once.
 */
export function isLiveFirstViewDrawn(app: Element): boolean {
  return Boolean(app.querySelector('h1')) && !app.querySelector('.hv-boot');
}

/**
 * The live element standing where a snapshot element stands: the same id (the snapshot's are prefixed),
 * else the same place among the elements of its kind.
 */
export function liveCounterpart<T extends Element>(snapshotElement: T, snapshot: Element, live: Element, selector: string): T | null {
  if (snapshotElement.id.startsWith(SNAPSHOT_ID_PREFIX)) {
    const byId = live.querySelector(`[id="${CSS.escape(snapshotElement.id.slice(SNAPSHOT_ID_PREFIX.length))}"]`);
    if (byId) return byId as unknown as T;
  }
  const index = [...snapshot.querySelectorAll(selector)].indexOf(snapshotElement);
  return (index >= 0 ? (live.querySelectorAll(selector)[index] ?? null) : null) as T | null;
}

const buttonName = (button: Element) => `${button.getAttribute('aria-label') ?? ''}|${button.textContent?.trim() ?? ''}`;

/**
 * The live button a press in the snapshot meant: the one standing in its place with the same name, else the
 * only live button of that name; none when unsure (pressing the wrong button is worse than asking again).
 */
export function liveButton(pressed: HTMLButtonElement, snapshot: Element, live: Element): HTMLButtonElement | null {
  const name = buttonName(pressed);
  const inPlace = liveCounterpart(pressed, snapshot, live, 'button');
  if (inPlace && buttonName(inPlace) === name) return inPlace;
  const named = [...live.querySelectorAll('button')].filter((button) => buttonName(button) === name);
  return named.length === 1 ? named[0]! : null;
}

/** Sets a field's value the way typing does, so React (and the form library) sees it. */
function typeInto(field: Field, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** What a field of the picture showed when it was painted (its markup): anything else is the visitor's doing. */
function paintedValue(field: Field): string {
  if (field instanceof HTMLSelectElement)
    return ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value ?? '';
  return field.defaultValue;
}

/** Whether the live field can hold the value: a live list still loading has only its current option. */
const canHold = (target: Field, value: string) =>
  !(target instanceof HTMLSelectElement) || [...target.options].some((option) => option.value === value);

/**
 * What the visitor typed or chose in the snapshot, carried into the live page; the focus follows. Only
 * what they changed: the picture's own values are the page's defaults, which the live page knows better.
 */
export function carryInput(snapshot: Element, live: Element): void {
  const focused = document.activeElement;
  for (const field of snapshot.querySelectorAll<Field>(FIELDS)) {
    const target = liveCounterpart(field, snapshot, live, FIELDS);
    if (!target) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked && target instanceof HTMLInputElement && target.checked !== field.checked) target.click();
    } else if (field.value !== paintedValue(field) && field.value !== target.value && canHold(target, field.value)) {
      typeInto(target, field.value);
    }
    if (field === focused) {
      target.focus();
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
        try {
          const { selectionStart, selectionEnd } = field as HTMLInputElement;
          if (selectionStart !== null && selectionEnd !== null) target.setSelectionRange(selectionStart, selectionEnd);
        } catch {
          // Inputs such as e-mail have no selection API; the caret then goes to the end, which is where it was.
        }
      }
    }
  }
}

/**
 * The live page renders offstage (offstage.ts: one copy of every field, label and heading in the document at
 * any moment). Once it is ready, this puts it where the snapshot stood, carries over what the visitor typed,
 * replays a button they pressed (marked by the document's start-after-paint script, from the first paint on:
 * the snapshot's forms send nothing), and removes the snapshot, in one task: one frame shows it, and every
 * box stays where it was.
 */
export function takeOverSnapshot(
  prerendered: Prerendered,
  { limitMs = SNAPSHOT_LIMIT_MS, isReady = isLivePageReady }: { limitMs?: number; isReady?: (app: Element) => boolean } = {},
): void {
  const { snapshot, live } = prerendered;
  const app = live.querySelector<HTMLElement>('#hv-app');
  if (!app) return;
  let done = false;
  const takeOver = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(limit);
    // In the document first: a field out of it cannot take the focus.
    const focused = document.activeElement;
    bringLiveOnstage(prerendered);
    carryInput(snapshot, live);
    // A keyboard user keeps their place: the button they were on is the live page's focus too.
    if (focused instanceof HTMLButtonElement && snapshot.contains(focused)) liveButton(focused, snapshot, live)?.focus();
    const pressed = snapshot.querySelector<HTMLButtonElement>(`button[${PRESSED_ATTRIBUTE}]`);
    const replay = pressed ? liveButton(pressed, snapshot, live) : null;
    snapshot.remove();
    document.querySelector(`link[${SNAPSHOT_STYLE_ATTRIBUTE}]`)?.remove();
    replay?.click();
  };
  const check = () => {
    if (isReady(app)) takeOver();
  };
  const observer = new MutationObserver(check);
  observer.observe(app, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'aria-busy'] });
  const limit = setTimeout(takeOver, limitMs);
  check();
}
