import { type Answer, apiClient } from '@haven/shared';

/** The expertise list (roles on offer) and the concerns list, each with how many providers it has. */
export interface FilterLists {
  expertise: Answer<'/public/expertise', 'get'>['data'];
  concerns: Answer<'/public/concerns', 'get'>['data'];
}

let lists: Promise<FilterLists> | null = null;
/** Fetched once per page load (they change only when providers join); a failure is retried on next use. */
export function getFilterLists(): Promise<FilterLists> {
  lists ??= Promise.all([
    apiClient.get<Answer<'/public/expertise', 'get'>>('/public/expertise'),
    apiClient.get<Answer<'/public/concerns', 'get'>>('/public/concerns'),
  ]).then(([e, c]) => ({ expertise: e.data.data, concerns: c.data.data }));
  lists.catch(() => {
    lists = null;
  });
  return lists;
}
