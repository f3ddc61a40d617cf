import {
  FOR_SESSION_ATTRIBUTE,
  LIVE_ELEMENT_ID,
  SESSION_CLASS,
  SNAPSHOT_ELEMENT_ID,
  SNAPSHOT_STYLE_ATTRIBUTE,
} from '../../../build/prerender/snapshot-document.mjs';

/** A prerendered page's picture and the live page's containers. */
export interface Prerendered {
  snapshot: HTMLElement;
  live: HTMLElement;
}

/** The live page's containers while a snapshot stands in: out of the document, so nothing finds them twice. */
let offstage: HTMLElement | null = null;

/** A live container by id: in the document, or offstage while a snapshot stands in. */
export function liveElementById(id: string): HTMLElement | null {
  return offstage?.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`) ?? document.getElementById(id);
}

/**
 * On a page the build painted as HTML (the shell's prerendered-routes.mjs, the session room's standalone page), takes the live containers out of the document
 * before anything renders into them; null on any other page, or for a visitor the picture is not for (a public
 * route's signed-out page with a stored session, the signed-in home's skeleton without one). The take-over
 * (take-over-snapshot.ts) puts them back.
 */
export function takeLiveOffstage(): Prerendered | null {
  const snapshot = document.getElementById(SNAPSHOT_ELEMENT_ID);
  const live = document.getElementById(LIVE_ELEMENT_ID);
  if (!snapshot || !live) return null;
  if (document.documentElement.classList.contains(SESSION_CLASS) !== snapshot.hasAttribute(FOR_SESSION_ATTRIBUTE)) {
    // The visitor never saw the picture (boot.css showed the boot frame): the live page loads as on any other route.
    snapshot.remove();
    document.querySelector(`link[${SNAPSHOT_STYLE_ATTRIBUTE}]`)?.remove();
    return null;
  }
  live.remove();
  offstage = live;
  return { snapshot, live };
}

/** Puts the live containers where the snapshot stands (the snapshot stays until the caller removes it). */
export function bringLiveOnstage({ snapshot, live }: Prerendered): void {
  offstage = null;
  snapshot.before(live);
}
