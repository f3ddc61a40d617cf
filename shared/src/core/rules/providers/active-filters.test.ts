import { ACTIVE_FILTERS_KEY, clinicCodeOfIds, idsOfClinicCode, parseActiveFilters, serializeActiveFilters } from './active-filters';

const clinics = [
  { id: 1, code: 'mum' },
  { id: 2, code: 'del' },
  { id: 3, code: 'blr' },
];

describe('activeFilters (ih_clinic_ids), browser storage', () => {
  it('is stored under the spec key', () => expect(ACTIVE_FILTERS_KEY).toBe('activeFilters'));

  it.each<[string | null, number[]]>([
    [null, []],
    ['', []],
    ['{"ih_clinic_ids":[3]}', [3]],
    ['{"ih_clinic_ids":[3,3,1]}', [3, 1]],
    ['{"ih_clinic_ids":[0,-2,1.5,"3",3]}', [3]],
    ['{"ih_clinic_ids":"3"}', []],
    ['not json', []],
    ['null', []],
  ])('parse %p', (raw, ids) => expect(parseActiveFilters(raw)).toEqual({ ih_clinic_ids: ids }));

  it('round-trips', () => expect(parseActiveFilters(serializeActiveFilters({ ih_clinic_ids: [2, 3] }))).toEqual({ ih_clinic_ids: [2, 3] }));

  it.each<[number[], string | undefined]>([
    [[3], 'blr'],
    [[9, 1], 'mum'],
    [[9], undefined],
    [[], undefined],
  ])('clinicCodeOfIds(%p)', (ids, code) => expect(clinicCodeOfIds(ids, clinics)).toBe(code));

  it('idsOfClinicCode', () => {
    expect(idsOfClinicCode('del', clinics)).toEqual([2]);
    expect(idsOfClinicCode('pune', clinics)).toEqual([]);
    expect(idsOfClinicCode(undefined, clinics)).toEqual([]);
  });
});
