// What keeps the window from showing the truth, above every view, each with the action that fixes it: the server
// cannot be reached, the token was rejected or expires soon, the server reports trouble of its own (its disk is
// full, so history is not saved), notifications are paused.
import { useState } from 'react';
import { formatClockTime } from '../../common/format/clock-time.ts';
import type { StatusView } from '../../common/ipc/views.ts';
import { callFailureOf } from '../api/call-error.ts';
import { vigil } from '../api/vigil-api.ts';
import { relativeTime } from '../format/time.ts';
import { useNavigation } from '../state/navigation-store.ts';
import { showError } from '../state/notices-store.ts';
import { useNow } from '../state/now-store.ts';
import { tracked } from '../state/pending-writes.ts';
import { useStatus } from '../state/status-store.ts';

export interface BannerModel {
  id: 'unreachable' | 'token-rejected' | 'token-expiring' | 'paused' | 'problem' | 'server-problem';
  tone: 'critical' | 'warning' | 'info';
  text: string;
  /** What changes with the clock ("… 3 min ago"), kept out of the announced text. */
  detail?: string;
  action?: { label: string; run: 'sign-in' | 'settings' | 'refresh' | 'resume' };
}

/** The banners a status calls for, most serious first (pure). */
export function bannersOf(status: StatusView | undefined, now: number): BannerModel[] {
  if (status === undefined) return [];
  const banners: BannerModel[] = [];
  const connection = status.connection;
  const name = connection?.name ?? 'the server';
  if (status.situation === 'signed-out' || connection?.auth === 'rejected') {
    banners.push({ id: 'token-rejected', tone: 'critical', text: `${name} did not accept the saved token. Sign in again with a new token.`, action: { label: 'Sign in again', run: 'sign-in' } });
  } else if (status.situation === 'unreachable') {
    const why = status.problem === undefined ? '' : ` ${status.problem}`;
    const banner: BannerModel = { id: 'unreachable', tone: 'critical', text: `Vigil cannot reach ${name}.${why}`, action: { label: 'Try again', run: 'refresh' } };
    if (status.lastSuccessfulPollAt !== undefined) banner.detail = `The lists show what it said ${relativeTime(status.lastSuccessfulPollAt, now)}.`;
    banners.push(banner);
  } else if (status.problem !== undefined && status.situation !== 'waiting') {
    banners.push({ id: 'problem', tone: 'warning', text: status.problem, action: { label: 'Open settings', run: 'settings' } });
  }
  if (connection?.auth === 'expiring') {
    const when = connection.tokenExpiresAt === undefined ? 'soon' : relativeTime(connection.tokenExpiresAt, now);
    banners.push({ id: 'token-expiring', tone: 'warning', text: `The token for ${name} expires ${when}. Replace it before it does.`, action: { label: 'Replace token', run: 'sign-in' } });
  }
  // The server's own words; nothing in Vigil fixes them, so there is no button, only who says so.
  for (const problem of connection?.serverProblems ?? []) {
    banners.push({ id: 'server-problem', tone: 'warning', text: `${name} reports a problem: ${problem}` });
  }
  if (status.pausedUntil !== undefined) {
    const until = status.pausedUntil === 'resumed' ? 'until you resume them' : `until ${formatClockTime(status.pausedUntil, now)}`;
    banners.push({ id: 'paused', tone: 'info', text: `Notifications are paused ${until}.`, action: { label: 'Resume notifications', run: 'resume' } });
  }
  return banners;
}

export function Banners() {
  const status = useStatus((state) => state.status);
  const refreshing = useStatus((state) => state.refreshing);
  const now = useNow((state) => state.now);
  const [resuming, setResuming] = useState(false);
  const banners = bannersOf(status, now);
  if (banners.length === 0) return null;

  async function act(run: NonNullable<BannerModel['action']>['run']) {
    if (run === 'sign-in') return useNavigation.getState().go('settings', 'connections');
    if (run === 'settings') return useNavigation.getState().go('settings');
    if (run === 'refresh') return useStatus.getState().refreshNow();
    setResuming(true);
    try {
      await tracked(() => vigil().resumeNotifications());
    } catch (error) {
      showError(`Notifications were not resumed: ${callFailureOf(error).message}`);
    } finally {
      setResuming(false);
    }
  }

  return (
    <div className="banners">
      {banners.map((banner) => (
        <div key={`${banner.id}:${banner.text}`} className={`banner banner-${banner.tone}`} data-banner={banner.id}>
          <div className="banner-text">
            {/* Announced once when it appears (a problem at once, the rest politely); the ticking detail is not. */}
            <p role={banner.tone === 'critical' ? 'alert' : 'status'}>{banner.text}</p>
            {banner.detail !== undefined && <p>{banner.detail}</p>}
          </div>
          {banner.action !== undefined && (
            <button
              type="button"
              className="button button-small"
              disabled={(banner.action.run === 'refresh' && refreshing) || (banner.action.run === 'resume' && resuming)}
              onClick={() => void act(banner.action?.run ?? 'settings')}
            >
              {banner.action.run === 'refresh' && refreshing ? 'Trying…' : banner.action.label}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
