/** A profile's name as the header says it. */
export function personName(p: Record<string, unknown>): string {
  return [p.first_name, p.last_name].filter((part) => typeof part === 'string' && part).join(' ') || 'Unnamed profile';
}
