// A domain's latest registry lookup, where its server says how it went (Vigil's service, docs/api-decisions.md §7):
// shown when it failed, with the reason in the server's words, as a monitor's page shows its failed check. A server
// that does not say shows nothing here.
import { epochOf, relativeTime } from '../../format/time.ts';
import { useNow } from '../../state/now-store.ts';
import { useDomains } from '../../state/resources.ts';

export function DomainLookupSection({ itemKey }: { itemKey: string }) {
  const domain = useDomains((state) => state.rows.find((row) => row.key === itemKey)?.item);
  const now = useNow((state) => state.now);
  if (domain?.last_error === undefined) return null;
  const endedAt = epochOf(domain.last_checked_at);
  return (
    <section className="item-section" aria-labelledby="lookup-title">
      <h2 id="lookup-title">Latest lookup</h2>
      <dl className="last-check-facts">
        <dt>Failed{endedAt === undefined ? '' : ` ${relativeTime(endedAt, now)}`}</dt>
        <dd className="last-check-error-text">{domain.last_error}</dd>
      </dl>
      <p className="field-hint">
        {domain.expires_on === undefined
          ? 'The expiry date is not known until a lookup succeeds, and expiry alerts start then. The server keeps asking.'
          : 'The expiry date below is from an earlier lookup. The server keeps asking.'}
      </p>
    </section>
  );
}
