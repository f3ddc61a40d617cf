// Product rules, Care tools: a tool that asks for input says which fields (a text or a 0 to 100 rating,
// each required unless optional); what a patient saves is checked against them, the same on the page
// and in the api.
export interface ToolField {
  name: string;
  label: string;
  kind: 'text' | 'rating';
  optional?: boolean;
}

export type ToolAnswers = Record<string, string | number>;

export const MAX_ANSWER_LENGTH = 5000;

/** What is wrong with these answers (null: nothing). Blank optional text is allowed; unknown fields are not. */
export function toolAnswersProblem(fields: readonly ToolField[], answers: ToolAnswers): string | null {
  if (fields.length === 0) return 'This care tool does not ask for anything to save.';
  const known = new Set(fields.map((f) => f.name));
  const unknown = Object.keys(answers).find((k) => !known.has(k));
  if (unknown !== undefined) return `This care tool has no field ${unknown}.`;
  for (const f of fields) {
    const v = answers[f.name];
    const blank = v === undefined || (typeof v === 'string' && v.trim() === '');
    if (blank) {
      if (!f.optional) return `Please fill in: ${f.label}.`;
      continue;
    }
    if (f.kind === 'rating' && (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100))
      return `${f.label}: a whole number from 0 to 100.`;
    if (f.kind === 'text' && (typeof v !== 'string' || v.length > MAX_ANSWER_LENGTH))
      return `${f.label}: at most ${MAX_ANSWER_LENGTH} characters.`;
  }
  return null;
}
