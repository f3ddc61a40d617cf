import { apiClient } from '@haven/shared';

/** The expertise list (roles on offer) and the concerns list, each with how many providers it has. */
export interface FilterLists {
  expertise: Array<{ role: string; providers: number }>;
  concerns: Array<{ concern: string; providers: number }>;
}

let lists: Promise<FilterLists> | null = null;
/** Fetched once per page load (they change only when providers join); a failure is retried on next use. */
export function getFilterLists(): Promise<FilterLists> {
  lists ??= Promise.all([
    apiClient.get<{ data: FilterLists['expertise'] }>('/public/expertise'),
    apiClient.get<{ data: FilterLists['concerns'] }>('/public/concerns'),
  ]).then(([e, c]) => ({ expertise: e.data.data, concerns: c.data.data }));
  lists.catch(() => {
    lists = null;
  });
  return lists;
}
