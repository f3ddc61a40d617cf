// The one rule for showing a stored word (a concern, a language, a care-tool category, a mood) to a
// person: initialisms in capitals, anything else as a sentence (first letter capital, dashes and
// underscores as spaces). The stored word is never shown raw ("adhd", "english", "cbt", "great").

/** Words written in capitals wherever they stand. */
export const INITIALISMS: ReadonlySet<string> = new Set(['adhd', 'ocd', 'cbt', 'dbt', 'ptsd', 'emdr']);

export function wordLabel(slug: string): string {
  const words = slug
    .trim()
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => (INITIALISMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return '';
  const [first, ...rest] = words;
  return [first![0]!.toUpperCase() + first!.slice(1), ...rest].join(' ');
}
