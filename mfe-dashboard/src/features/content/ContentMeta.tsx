// The line under an item's title: its topic, how long it takes, and for a webinar when it starts (in the
// patient's own zone, as sessions read).
import { sessionStartLabel, usePatientZone, zoneName } from '@haven/shared/session-times';
import type { ContentSummary } from './api/content-calls';
import { topicLabel } from './content-kinds';

const LENGTH_WORD: Record<ContentSummary['kind'], string> = {
  blogs: 'min read',
  videos: 'min video',
  webinars: 'min live',
  resources: 'min read',
  spotlight: 'min read',
  support_kits: 'min to work through',
};

/** When a webinar starts, as the patient reads it (nothing when the date or zone is invalid, reported). */
function WebinarWhen({ startsAt }: { startsAt: string }) {
  const { zone } = usePatientZone();
  const when = [sessionStartLabel(startsAt, zone) ?? '', zoneName(zone, startsAt)].filter(Boolean).join(' ');
  return when ? <>{when} · </> : null;
}

export function ContentMeta({ item }: { item: ContentSummary }) {
  return (
    <p className="hv-session__meta">
      {item.starts_at ? <WebinarWhen startsAt={item.starts_at} /> : null}
      {topicLabel(item.topic)} · {item.minutes} {LENGTH_WORD[item.kind]}
    </p>
  );
}
