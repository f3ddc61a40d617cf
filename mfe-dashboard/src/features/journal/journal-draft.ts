// A journal draft is never lost: every keystroke is kept on this device (per user) until the api has
// saved the entry, so a reload, a closed tab or a failed save gives the text back.
import { reportError } from '@haven/shared';

export interface JournalDraft {
  /** The entry being edited, or null for a new one. */
  uuid: string | null;
  title: string;
  body: string;
  mood: string;
}

export const EMPTY_DRAFT: JournalDraft = { uuid: null, title: '', body: '', mood: '' };
export const DRAFT_KEY_PREFIX = 'journal_draft:';

export function isEmptyDraft(d: JournalDraft): boolean {
  return d.uuid === null && d.title.trim() === '' && d.body.trim() === '' && d.mood === '';
}

export function loadDraft(userKey: string, storage: Storage = window.localStorage): JournalDraft {
  const raw = storage.getItem(DRAFT_KEY_PREFIX + userKey);
  if (!raw) return EMPTY_DRAFT;
  try {
    const parsed = JSON.parse(raw) as Partial<JournalDraft>;
    return {
      uuid: typeof parsed.uuid === 'string' ? parsed.uuid : null,
      title: typeof parsed.title === 'string' ? parsed.title : '',
      body: typeof parsed.body === 'string' ? parsed.body : '',
      mood: typeof parsed.mood === 'string' ? parsed.mood : '',
    };
  } catch (error) {
    // Keep the unreadable text where it is (never delete what may be someone's writing); start empty.
    reportError(error, { where: 'journal draft', reason: 'corrupt JSON' });
    return EMPTY_DRAFT;
  }
}

export function storeDraft(userKey: string, draft: JournalDraft, storage: Storage = window.localStorage): void {
  try {
    if (isEmptyDraft(draft)) storage.removeItem(DRAFT_KEY_PREFIX + userKey);
    else storage.setItem(DRAFT_KEY_PREFIX + userKey, JSON.stringify(draft));
  } catch (error) {
    reportError(error, { where: 'journal draft', reason: 'storage full or blocked' });
  }
}
