import { DRAFT_KEY_PREFIX, EMPTY_DRAFT, isEmptyDraft, loadDraft, storeDraft } from './journal-draft';

beforeEach(() => localStorage.clear());

describe('journal draft (kept on the device until saved)', () => {
  it('round-trips per user and an empty draft removes the key', () => {
    const draft = { uuid: null, title: 'Monday', body: 'Slept badly', mood: 'low' };
    storeDraft('u-1', draft);
    expect(loadDraft('u-1')).toEqual(draft);
    expect(loadDraft('u-2')).toEqual(EMPTY_DRAFT);
    storeDraft('u-1', EMPTY_DRAFT);
    expect(localStorage.getItem(`${DRAFT_KEY_PREFIX}u-1`)).toBeNull();
  });

  it('an edit of an existing entry is a draft even with the same text', () => {
    expect(isEmptyDraft({ ...EMPTY_DRAFT, uuid: 'e-1' })).toBe(false);
    expect(isEmptyDraft({ ...EMPTY_DRAFT, body: '  ' })).toBe(true);
  });

  it('corrupt storage starts empty, is reported, and leaves the stored text in place', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(`${DRAFT_KEY_PREFIX}u-1`, '{not json');
    expect(loadDraft('u-1')).toEqual(EMPTY_DRAFT);
    expect(localStorage.getItem(`${DRAFT_KEY_PREFIX}u-1`)).toBe('{not json');
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
