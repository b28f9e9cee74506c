// A domain's registration: when it expires as the registry last said, and how many days are left.
import { formatCalendarDate } from '../../format/time.ts';
import { daysLeftLabel } from '../domains/domain-list.ts';

const msPerDay = 86_400_000;

export function ExpirySection({ expiresOn, now }: { expiresOn: string | undefined; now: number }) {
  const expiresAt = expiresOn === undefined ? Number.NaN : Date.parse(`${expiresOn}T00:00:00Z`);
  const daysLeft = Number.isNaN(expiresAt) ? undefined : Math.floor(expiresAt / msPerDay) - Math.floor(now / msPerDay);
  return (
    <section className="item-section" aria-labelledby="expiry-title">
      <h2 id="expiry-title">Expiry</h2>
      {expiresOn === undefined ? (
        <p className="field-hint">Not known until the registry answers a lookup.</p>
      ) : (
        <p>
          Registered until <strong>{formatCalendarDate(expiresOn)}</strong>
          {daysLeft !== undefined && ` (${daysLeftLabel(daysLeft).toLowerCase()}${daysLeft > 0 ? ' left' : ''}).`}
        </p>
      )}
    </section>
  );
}
