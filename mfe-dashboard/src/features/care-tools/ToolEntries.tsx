// A care tool that asks for input: the form of its fields, saved to the patient's own entries (only they
// can read them), and the entries saved before, newest first, each deletable.
import { useState, type FormEvent } from 'react';
import { Button, reportError, serverErrorMessage, useApiRead } from '@haven/shared';
import { LoadState, EmptyState } from '@haven/shared/design';
import { deleteToolEntry, getToolEntries, saveToolEntry, type ToolEntry, type ToolField } from './api/care-tool-calls';

const SAVE_FAILED = 'Your answers were not saved. They are still here; please try again.';
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function EntryForm({
  slug,
  title,
  fields,
  onSaved,
}: {
  slug: string;
  title: string;
  fields: ToolField[];
  onSaved: (e: ToolEntry) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = fields.find((f) => !f.optional && !(values[f.name] ?? '').trim());
    if (missing) {
      setError(`Please fill in: ${missing.label}.`);
      return;
    }
    const answers = Object.fromEntries(
      fields
        .filter((f) => (values[f.name] ?? '').trim() !== '')
        .map((f) => [f.name, f.kind === 'rating' ? Number(values[f.name]) : values[f.name]!]),
    );
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      onSaved(await saveToolEntry(slug, answers));
      setValues({});
      setDone('Saved. Only you can see it.');
    } catch (e) {
      reportError(e, { where: 'care tool entry save', slug });
      setError(serverErrorMessage(e) ?? SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={`Your ${title.toLowerCase()}`} noValidate className="hv-tool-form">
      <h2>Your {title.toLowerCase()}</h2>
      {fields.map((f) => (
        <div key={f.name} className="hv-tool-form__field">
          <label className="hv-field-label" htmlFor={`tool-${f.name}`}>
            {f.label}
            {f.optional ? ' (optional)' : ''}
          </label>
          {f.kind === 'rating' ? (
            <input
              id={`tool-${f.name}`}
              className="hv-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
          ) : (
            <textarea
              id={`tool-${f.name}`}
              className="hv-textarea"
              rows={3}
              maxLength={5000}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
          )}
        </div>
      ))}
      {error ? (
        <p role="alert" className="hv-form-error">
          {error}
        </p>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
      <Button type="submit" disabled={busy}>
        Save
      </Button>
    </form>
  );
}

/** The tool's form and my saved entries; nothing for a tool that asks for no input. */
export function ToolEntries({ slug, title }: { slug: string; title: string }) {
  const loaded = useApiRead(() => getToolEntries(slug), [slug], 'care tool entries');
  const [added, setAdded] = useState<ToolEntry[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  if (!loaded.data) return <LoadState read={loaded} what="Your saved entries" />;
  if (loaded.data.fields.length === 0) return null;
  const { fields } = loaded.data;
  const entries = [...added, ...loaded.data.data].filter((e) => !removed.includes(e.uuid));
  const remove = async (uuid: string) => {
    setDeleteError(null);
    try {
      await deleteToolEntry(uuid);
      setRemoved([...removed, uuid]);
    } catch (e) {
      reportError(e, { where: 'care tool entry delete' });
      setDeleteError('The entry was not deleted. Please try again.');
    }
  };
  return (
    <>
      <EntryForm slug={slug} title={title} fields={fields} onSaved={(e) => setAdded([e, ...added])} />
      <section aria-labelledby="tool-entries-heading" className="hv-sessions">
        <h2 id="tool-entries-heading">Saved entries</h2>
        {deleteError ? (
          <p role="alert" className="hv-form-error">
            {deleteError}
          </p>
        ) : null}
        {entries.length === 0 ? (
          <EmptyState>
            <p>Nothing saved yet. What you save here is yours alone.</p>
          </EmptyState>
        ) : null}
        <ul className="hv-session-list">
          {entries.map((e) => (
            <li key={e.uuid}>
              <article className="hv-card" aria-label={`Entry of ${when(e.created_at)}`}>
                <p className="hv-session__meta">{when(e.created_at)}</p>
                <dl className="hv-tool-entry">
                  {fields
                    .filter((f) => e.answers[f.name] !== undefined)
                    .map((f) => (
                      <div key={f.name}>
                        <dt>{f.label}</dt>
                        <dd>{String(e.answers[f.name])}</dd>
                      </div>
                    ))}
                </dl>
                <Button variant="secondary" onClick={() => void remove(e.uuid)}>
                  Delete
                </Button>
              </article>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
