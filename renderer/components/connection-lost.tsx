// Browser mode, after Vigil stopped: a banner above everything says so plainly, and since when the page shows
// what it shows, while the page retries by itself ("Try now" skips the wait). When Vigil was started again, this
// page's session belongs to the old launch: the banner says to open the address Vigil printed, and the page
// reconnects by itself once that address has been opened (the new session cookie and page secret reach every tab).
import { formatClockTime } from '../../common/format/clock-time.ts';
import { isDisconnected, useConnection } from '../state/connection-store.ts';
import { useNow } from '../state/now-store.ts';

export function ConnectionLost() {
  const link = useConnection((state) => state.link);
  const reconnectNow = useConnection((state) => state.reconnectNow);
  const now = useNow((state) => state.now);
  if (!isDisconnected(link)) return null;
  const asOf = `What this page shows is as of ${formatClockTime(link.since, now)} and no longer updates.`;
  return (
    <div className="banner banner-critical banner-disconnected" data-banner="disconnected">
      <div className="banner-text">
        {link.state === 'lost' ? (
          <>
            <p role="alert">Vigil has stopped, or this page lost its connection to it.</p>
            <p>{asOf} Reconnecting by itself as soon as Vigil runs again.</p>
          </>
        ) : (
          <>
            <p role="alert">Vigil was started again, so this page needs its new address.</p>
            <p>{asOf} Open the address Vigil printed when it started (it carries the new key); this page then reconnects by itself.</p>
          </>
        )}
      </div>
      {link.state === 'lost' && (
        <button type="button" className="button button-small" onClick={reconnectNow}>
          Try now
        </button>
      )}
    </div>
  );
}
