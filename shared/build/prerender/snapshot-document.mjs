// A page as HTML: an app's index.html (the shell's for a public route, the session room's for its standalone
// page) with the page's captured markup (the snapshot) in the document, painted before any script, beside the
// live page's empty containers, which the app takes out of the document while the live page renders, then
// puts in the snapshot's place (shared/src/core/prerender/take-over-snapshot.ts).
// Pure: scripts/prerender-snapshots.mjs captures, this assembles. Types: snapshot-document.d.mts.
import { escapeHtml } from './escape-html.mjs';

/** Prefix of every id inside the snapshot: the live page beneath carries the same ids. */
export const SNAPSHOT_ID_PREFIX = 'hvs-';
export const SNAPSHOT_ELEMENT_ID = 'hv-snapshot';
/** The live containers' wrapper. */
export const LIVE_ELEMENT_ID = 'hv-live';
/**
 * On <html> when the visitor has a stored session (set by the session gate, a blocking script the page runs
 * before it paints): the picture is the signed-out page, so boot.css shows them the boot frame instead.
 */
export const SESSION_CLASS = 'hv-has-session';
/**
 * On the snapshot and the live containers of a picture meant for a visitor with a session (the signed-in home's
 * skeleton: chrome and empty boxes, no data). Such a picture is shown only with a stored session; without one,
 * the boot frame (the app then sends the visitor to log in). A public route's picture is the other way round.
 */
export const FOR_SESSION_ATTRIBUTE = 'data-hv-for-session';
/** The session gate's file in the shell's build (written by the snapshot step). */
export const SESSION_GATE_FILE = 'prerendered/session-gate.js';

/** The gate: a stored session (the credential store's key) marks <html>, before the first paint. */
export function sessionGateScript(credentialsKey) {
  return `try{if(localStorage.getItem(${JSON.stringify(credentialsKey)}))document.documentElement.classList.add(${JSON.stringify(SESSION_CLASS)})}catch(e){}\n`;
}

/** The file that starts the app's scripts once the picture has painted (written by the snapshot step). */
export const START_AFTER_PAINT_FILE = 'prerendered/start-after-paint.js';

/**
 * Marks the snapshot's button pressed last (or its form's submit button, for Enter in a field: the form
 * would have been sent): the live page presses it again (the core's take-over-snapshot.ts).
 */
export const PRESSED_ATTRIBUTE = 'data-hv-pressed';

/**
 * Starts the app's scripts (and their preloads) after the first frame has painted, and notes a button
 * pressed in the picture meanwhile: on a slow network they
 * would otherwise share the line with the picture's stylesheet, and the page would paint later. A hidden
 * tab paints nothing, and a visitor the picture is not for (a public route's with a session, the signed-in
 * home's skeleton without one) is shown none: both start at once. A file, not an inline script: the CSP allows none.
 */
export function startAfterPaintScript() {
  return `(function(){var me=document.currentScript,done=false;
var scripts=JSON.parse(me.getAttribute('data-scripts')),preloads=JSON.parse(me.getAttribute('data-preloads'));
function start(){if(done)return;done=true;
preloads.forEach(function(p){var l=document.createElement('link');l.rel='preload';l.as=p[0];l.href=p[1];document.head.appendChild(l);});
scripts.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s);});}
function mark(b){var was=document.querySelector('[${PRESSED_ATTRIBUTE}]');if(was)was.removeAttribute('${PRESSED_ATTRIBUTE}');b.setAttribute('${PRESSED_ATTRIBUTE}','');}
document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('#${SNAPSHOT_ELEMENT_ID} button');if(b)mark(b);},true);
document.addEventListener('keydown',function(e){if(e.key!=='Enter'||!e.target||e.target.tagName!=='INPUT')return;
var f=e.target.closest('#${SNAPSHOT_ELEMENT_ID} [data-hv-form]'),b=f&&f.querySelector('button[type=submit]');if(b)mark(b);},true);
var pic=document.getElementById('${SNAPSHOT_ELEMENT_ID}'),shown=pic&&pic.hasAttribute('${FOR_SESSION_ATTRIBUTE}')===document.documentElement.classList.contains('${SESSION_CLASS}');
if(document.visibilityState==='visible'&&shown)requestAnimationFrame(function(){setTimeout(start,0);});else start();
document.addEventListener('visibilitychange',start);})();
`;
}

/** The template's app scripts and preloads, moved behind the first paint (the boot-timeout notice stays). */
function deferToAfterPaint(head) {
  const scripts = [];
  const preloads = [];
  const rest = head
    .replace(/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (tag, src) => {
      if (src.includes('boot-timeout')) return tag;
      scripts.push(src);
      return '';
    })
    .replace(/<link rel="preload" as="(script|style)" href="([^"]+)"\s*\/?>/g, (_, as, href) => {
      preloads.push([as, href]);
      return '';
    });
  const json = (value) => escapeHtml(JSON.stringify(value));
  return {
    rest,
    starter: `<script src="/${START_AFTER_PAINT_FILE}" defer data-scripts="${json(scripts)}" data-preloads="${json(preloads)}"></script>`,
  };
}

/** Marks the snapshot's stylesheet, removed with the snapshot (the live page has its own). */
export const SNAPSHOT_STYLE_ATTRIBUTE = 'data-hv-snapshot-style';

/**
 * @param {string} template the app's built index.html
 * @param {{ title: string, head: string[], body: string, stylesheet: string, forSession?: boolean, sessionGate?: boolean }} page
 *   sessionGate: false for a picture every visitor is shown (the session room's standalone page: who comes in
 *   is the link's business, and its origin holds no session of the site's)
 */
export function snapshotDocument(template, { title, head, body, stylesheet, forSession = false, sessionGate = true }) {
  const chromeAt = template.indexOf('<div id="hv-chrome"></div>');
  const bodyEnd = template.lastIndexOf('</body>');
  if (chromeAt < 0 || bodyEnd < chromeAt) throw new Error('the app template has no #hv-chrome before </body>');
  const withHead = (text) => {
    const { rest, starter } = deferToAfterPaint(text);
    return (
      rest
        .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
        // The page's own description replaces the site's.
        .replace(/\s*<meta name="description"[^>]*>/, head.some((tag) => tag.includes('name="description"')) ? '' : '$&')
        .replace(
          '</head>',
          `    ${[...head, ...(sessionGate ? [`<script src="/${SESSION_GATE_FILE}"></script>`] : []), `<link rel="stylesheet" href="${escapeHtml(stylesheet)}" ${SNAPSHOT_STYLE_ATTRIBUTE} />`, starter].join('\n    ')}\n  </head>`,
        )
    );
  };
  // The boot frame stays in the live page's container: boot.css shows it only to a visitor with a session.
  const appStart = template.indexOf('<div id="hv-app">') + '<div id="hv-app">'.length;
  const bootFrame = template.slice(appStart, bodyEnd).replace(/<\/div>\s*$/, '');
  const audience = forSession ? ` ${FOR_SESSION_ATTRIBUTE}` : '';
  const live = `<div id="${LIVE_ELEMENT_ID}"${audience}><div id="hv-chrome"></div><div id="hv-app">${bootFrame}</div></div>`;
  const snapshot = `<div id="${SNAPSHOT_ELEMENT_ID}"${audience}>${body}</div>`;
  return `${withHead(template.slice(0, chromeAt))}${live}\n    ${snapshot}\n  ${template.slice(bodyEnd)}`;
}
