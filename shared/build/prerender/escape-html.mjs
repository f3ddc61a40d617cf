// Text made safe inside HTML text and quoted attributes: one helper for every page the build writes
// (the search-engine pages and the prerendered snapshots). Plain JavaScript: the shell's snapshot code
// runs it under Node without a TypeScript step. Types: escape-html.d.mts.
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @param {string} text */
export const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
