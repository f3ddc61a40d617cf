// What a patient writes in a care tool that asks for input (the thought record, the sleep wind-down):
// kept per profile and only ever reachable by its author, like the journal.
import { toolAnswersProblem, type ToolAnswers, type ToolField } from '@haven/rules';
import type { Queryable } from '../db/index.js';
import { notFound, unprocessable } from '../core/http.js';

export interface ToolEntry {
  uuid: string;
  answers: ToolAnswers;
  created_at: string;
}
interface EntryRow {
  uuid: string;
  answers: ToolAnswers;
  created_at: Date;
}
const entry = (r: EntryRow): ToolEntry => ({ uuid: r.uuid, answers: r.answers, created_at: new Date(r.created_at).toISOString() });

/** The tool's id and the fields it asks for; 404 for an unknown tool. */
export async function toolFields(q: Queryable, slug: string): Promise<{ id: number; fields: ToolField[] }> {
  const [t] = await q.query<{ id: number; input_fields: ToolField[] }>(`SELECT id, input_fields FROM care_tools WHERE slug = $1`, [slug]);
  if (!t) throw notFound(`No care tool ${slug}`);
  return { id: t.id, fields: t.input_fields };
}

/** My entries of one tool, newest first. */
export async function toolEntriesOf(q: Queryable, userId: number, toolId: number): Promise<ToolEntry[]> {
  return (
    await q.query<EntryRow>(
      `SELECT uuid::text, answers, created_at FROM care_tool_entries WHERE user_id = $1 AND care_tool_id = $2 ORDER BY created_at DESC, id DESC`,
      [userId, toolId],
    )
  ).map(entry);
}

/** Saves answers checked against the tool's fields (422 with what is wrong); blank optional text is left out. */
export async function saveToolEntry(
  q: Queryable,
  userId: number,
  tool: { id: number; fields: ToolField[] },
  answers: ToolAnswers,
): Promise<ToolEntry> {
  const problem = toolAnswersProblem(tool.fields, answers);
  if (problem) throw unprocessable(problem);
  const kept = Object.fromEntries(Object.entries(answers).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')));
  const [r] = await q.query<EntryRow>(
    `INSERT INTO care_tool_entries (user_id, care_tool_id, answers) VALUES ($1, $2, $3) RETURNING uuid::text, answers, created_at`,
    [userId, tool.id, JSON.stringify(kept)],
  );
  return entry(r!);
}

/** Deletes my entry; 404 when it is not mine (or not there). */
export async function deleteToolEntry(q: Queryable, userId: number, uuid: string): Promise<void> {
  const r = await q.query(`DELETE FROM care_tool_entries WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [uuid, userId]);
  if (r.length === 0) throw notFound(`No care tool entry ${uuid}`);
}
