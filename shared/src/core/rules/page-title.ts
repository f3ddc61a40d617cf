/** Product rules, Routes and redirects: "Title cut 40 characters". */
export const PAGE_TITLE_MAX_LENGTH = 40;

/**
 * Product rules, Routes and redirects: "Title text cut at 40 characters by default". The spec says cut, so the text is cut
 * exactly (no ellipsis). Counted in Unicode code points so an emoji is never split in half.
 */
export function pageTitle(text: string, maxLength: number = PAGE_TITLE_MAX_LENGTH): string {
  const characters = Array.from(text);
  return characters.length <= maxLength ? text : characters.slice(0, Math.max(0, maxLength)).join('');
}
