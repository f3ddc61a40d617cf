import { useLoad } from '../common/useLoad';
import { fetchScheduleDiscounts, type SlotDiscount } from './couple-calls';

/**
 * The free times with a schedule discount, by start time (on `date` in `zone` when given). A failure
 * only loses the badges (reported by useLoad): the api charges the discount whatever the page shows.
 */
export function useScheduleDiscounts(providerUuid: string, zone: string, date: string | null): Map<string, SlotDiscount> {
  const loaded = useLoad(`${providerUuid}|${zone}|${date ?? ''}`, (signal) => fetchScheduleDiscounts(providerUuid, zone, date, signal), 'schedule-discounts');
  return new Map((loaded.data ?? []).map((d) => [d.start_time, d]));
}
