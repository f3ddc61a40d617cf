import { useEffect, useState, type FormEvent } from 'react';
import { Dialog, Button, keepTypedText, PageFrame, reportError, Spinner, textOwner, useHavenStore, wordLabel } from '@haven/shared';
import { takeKeptText } from '@haven/shared/auth-flows';
import { EmptyState, Select, LoadFailed } from '@haven/shared/design';
import { TourHelp } from '../tours/useGuidedTour';
import { deleteEntry, listEntries, MOODS, saveEntry, type JournalEntry, type Mood } from './api/journal-calls';
import { EMPTY_DRAFT, isEmptyDraft, loadDraft, storeDraft, type JournalDraft } from './journal-draft';
import '../sessions/Sessions.css';
import './Journal.css';
import '../pages.css';

const SAVE_FAILED = 'Your entry was not saved. It is kept on this device; please try again.';

function isMood(value: string): value is Mood {
  return (MOODS as readonly string[]).includes(value);
}

/** The journal's name among the forms whose text outlives an ended session (storedPageData). */
export const JOURNAL_FORM = 'journal';
const JOURNAL_PATH = '/journal';
/** The draft key while the user is not known yet. */
const ANONYMOUS = 'anonymous';

/**
 * The draft to start from: the text kept when the session ended on this page (the session loss wiped
 * this device's draft with the rest of local storage), else the device's draft.
 */
function initialDraft(userKey: string): JournalDraft {
  const kept = userKey === ANONYMOUS ? null : takeKeptText(JOURNAL_FORM, JOURNAL_PATH, userKey);
  if (!kept) return loadDraft(userKey);
  const draft: JournalDraft = { uuid: kept.entry || null, title: kept.title ?? '', body: kept.body ?? '', mood: kept.mood ?? '' };
  storeDraft(userKey, draft);
  return draft;
}

function JournalEditor({ userKey, onSaved }: { userKey: string; onSaved: (entry: JournalEntry) => void }) {
  const [draft, setDraft] = useState<JournalDraft>(() => initialDraft(userKey));
  // What is typed here outlives an ended session: the entry being edited, its title, text and mood.
  useEffect(
    () => keepTypedText(JOURNAL_FORM, () => ({ entry: draft.uuid ?? '', title: draft.title, body: draft.body, mood: draft.mood })),
    [draft],
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (patch: Partial<JournalDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    storeDraft(userKey, next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim() || !draft.body.trim()) {
      setError('Please give your entry a title and some text.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await saveEntry(draft.uuid, {
        title: draft.title.trim(),
        body: draft.body,
        ...(isMood(draft.mood) ? { mood: draft.mood } : {}),
      });
      storeDraft(userKey, EMPTY_DRAFT);
      setDraft(EMPTY_DRAFT);
      onSaved(saved);
    } catch (e) {
      reportError(e, { where: 'journal save' });
      setError(SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="hv-journal-editor" onSubmit={submit} aria-label={draft.uuid ? 'Edit entry' : 'New entry'} noValidate>
      <h2>{draft.uuid ? 'Edit entry' : 'New entry'}</h2>
      <label className="hv-field-label" htmlFor="journal-title">
        Title
      </label>
      <input
        id="journal-title"
        className="hv-input"
        maxLength={200}
        value={draft.title}
        onChange={(e) => change({ title: e.target.value })}
      />
      <label className="hv-field-label" htmlFor="journal-body">
        What is on your mind?
      </label>
      <textarea
        id="journal-body"
        className="hv-textarea"
        rows={6}
        maxLength={20000}
        value={draft.body}
        onChange={(e) => change({ body: e.target.value })}
      />
      <Select
        id="journal-mood"
        label="Mood (optional)"
        placeholder="Choose a mood"
        options={MOODS.map((m) => ({ value: m, label: wordLabel(m) }))}
        value={draft.mood}
        onChange={(e) => change({ mood: e.target.value })}
      />
      {!isEmptyDraft(draft) ? <p className="hv-journal-note">Your draft is kept on this device until you save it.</p> : null}
      {error ? (
        <p role="alert" className="hv-form-error">
          {error}
        </p>
      ) : null}
      <div className="hv-dialog__actions">
        {draft.uuid ? (
          <Button variant="secondary" onClick={() => change(EMPTY_DRAFT)}>
            Stop editing
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save entry'}
        </Button>
      </div>
    </form>
  );
}

/** /journal: write, list, edit and delete entries; the draft survives reloads and failed saves. */
export function JournalPage() {
  const userKey = useHavenStore((s) => textOwner(s.auth.user) ?? ANONYMOUS);
  const [entries, setEntries] = useState<JournalEntry[] | null>(null);
  const [listFailed, setListFailed] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  const [deleting, setDeleting] = useState<JournalEntry | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = () =>
    listEntries()
      .then((list) => {
        setEntries(list);
        setListFailed(false);
      })
      .catch((e: unknown) => {
        reportError(e, { where: 'journal list' });
        setEntries([]);
        setListFailed(true);
      });

  useEffect(() => {
    void reload();
  }, []);

  const edit = (entry: JournalEntry) => {
    if (!isEmptyDraft(loadDraft(userKey))) {
      setNotice('Save or clear your current draft before editing another entry.');
      return;
    }
    storeDraft(userKey, { uuid: entry.uuid, title: entry.title, body: entry.body, mood: entry.mood ?? '' });
    setNotice(null);
    setEditorKey((k) => k + 1); // the editor re-reads the stored draft
    document.getElementById('journal-title')?.focus();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteEntry(deleting.uuid);
      setDeleting(null);
      void reload();
    } catch (e) {
      reportError(e, { where: 'journal delete' });
      setDeleteError('The entry was not deleted. Please try again.');
    }
  };

  return (
    <PageFrame title="Journal" description="A private place to write about your day." app="mfe-dashboard">
      <TourHelp section="journal" ready={entries !== null} />
      <div data-tour="editor">
        <JournalEditor
          key={editorKey}
          userKey={userKey}
          onSaved={(entry) => {
            setNotice(`Your entry "${entry.title}" is saved.`);
            void reload();
          }}
        />
      </div>
      {/* Always in the page, so a screen reader announces each new notice (a saved entry, a draft in the way). */}
      <p role="status" className="hv-journal-note">
        {notice}
      </p>
      <section aria-labelledby="entries-heading" className="hv-sessions" data-tour="entries">
        <h2 id="entries-heading">Your entries</h2>
        {entries === null ? <Spinner label="Loading your entries" /> : null}
        {listFailed ? <LoadFailed what="Your entries" retry={() => void reload()} /> : null}
        {entries?.length === 0 && !listFailed ? (
          <EmptyState>
            <p>No entries yet. Write your first one above.</p>
          </EmptyState>
        ) : null}
        <ul className="hv-journal-list">
          {entries?.map((e) => (
            <li key={e.uuid}>
              <article className="hv-journal-entry" aria-label={e.title}>
                <h3>{e.title}</h3>
                <p className="hv-session__meta">
                  <time dateTime={e.created_at}>
                    {new Date(e.created_at).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' })}
                  </time>
                  {e.mood ? ` · ${wordLabel(e.mood)}` : ''}
                </p>
                <p className="hv-journal-body">{e.body}</p>
                <div className="hv-session__actions">
                  <Button variant="secondary" onClick={() => edit(e)}>
                    Edit<span className="hv-visually-hidden"> {e.title}</span>
                  </Button>
                  <Button
                    variant="danger-ghost"
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(e);
                    }}
                  >
                    Delete<span className="hv-visually-hidden"> {e.title}</span>
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>
      {deleting ? (
        <Dialog title="Delete this entry?" description={deleting.title} onDismiss={() => setDeleting(null)}>
          <p>This cannot be undone.</p>
          {deleteError ? (
            <p role="alert" className="hv-form-error">
              {deleteError}
            </p>
          ) : null}
          <div className="hv-dialog__actions">
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep entry
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()}>
              Delete entry
            </Button>
          </div>
        </Dialog>
      ) : null}
    </PageFrame>
  );
}
