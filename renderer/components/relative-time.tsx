// "3 min ago", kept current by the shared clock; the exact time is in the <time> element for hover and readers.
import { formatDateTime, relativeTime } from '../format/time.ts';
import { useNow } from '../state/now-store.ts';

export function RelativeTime({ at }: { at: number }) {
  const now = useNow((state) => state.now);
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at, { seconds: true })}>
      {relativeTime(at, now)}
    </time>
  );
}
