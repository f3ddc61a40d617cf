import { useApiRead } from '@haven/shared';
import { fetchScheduleDiscounts, type SlotDiscount } from './couple-calls';

/**
 * The free times with a schedule discount, by start time (on `date` in `zone` when given). A failure
 * only loses the badges (reported by useApiRead): the api charges the discount whatever the page shows.
 */
export function useScheduleDiscounts(providerUuid: string, zone: string, date: string | null): Map<string, SlotDiscount> {
  const loaded = useApiRead(
    (signal) => fetchScheduleDiscounts(providerUuid, zone, date, signal),
    [`${providerUuid}|${zone}|${date ?? ''}`],
    'schedule-discounts',
  );
  return new Map((loaded.data ?? []).map((d) => [d.start_time, d]));
}
