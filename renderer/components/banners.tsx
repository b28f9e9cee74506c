// What keeps the window from showing the truth, each with the action that fixes it: a server cannot be reached,
// its token was rejected or expires soon, it reports trouble of its own (its disk is full, so history is not
// saved); notifications are paused. Each server's banners follow its own latest poll, so one server's outage
// never reads as another's. Above every view; on an overview of several servers, each group shows its server's
// own (see `ServerBanners`), and only what concerns them all stays on top.
import { useState } from 'react';
import { formatClockTime } from '../../common/format/clock-time.ts';
import type { ServerStatusView, StatusView } from '../../common/ipc/views.ts';
import { callFailureOf } from '../api/call-error.ts';
import { vigil } from '../api/vigil-api.ts';
import { relativeTime } from '../format/time.ts';
import { connectionFocusKey, useNavigation } from '../state/navigation-store.ts';
import { showError } from '../state/notices-store.ts';
import { useNow } from '../state/now-store.ts';
import { tracked } from '../state/pending-writes.ts';
import { useStatus } from '../state/status-store.ts';

export interface BannerModel {
  id: 'unreachable' | 'token-missing' | 'token-rejected' | 'token-expiring' | 'paused' | 'quiet' | 'problem' | 'server-problem' | 'address-changed';
  tone: 'critical' | 'warning' | 'info';
  text: string;
  /** What changes with the clock ("… 3 min ago"), kept out of the announced text. */
  detail?: string;
  action?: { label: string; run: 'sign-in' | 'settings' | 'refresh' | 'resume' };
  /** The server it is about, for "Sign in again" to open its token field. */
  connectionId?: string;
}

/** The banners one server's part of the status calls for, most serious first (pure). */
export function serverBannersOf(server: ServerStatusView, now: number): BannerModel[] {
  const banners: BannerModel[] = [];
  const { connection } = server;
  const { name, id: connectionId } = connection;
  if (connection.auth === 'not-kept' || connection.auth === 'signed-out') {
    // No token to send: nothing was refused, so the banner says what happened to it (the core's sentence).
    const text = server.problem ?? `There is no saved token for ${name}. Enter one to sign in.`;
    banners.push({ id: 'token-missing', tone: 'critical', connectionId, text, action: { label: 'Enter the token', run: 'sign-in' } });
  } else if (server.situation === 'signed-out' || connection.auth === 'rejected') {
    banners.push({ id: 'token-rejected', tone: 'critical', connectionId, text: `${name} did not accept the saved token. Sign in again with a new token.`, action: { label: 'Sign in again', run: 'sign-in' } });
  } else if (server.situation === 'unreachable') {
    const why = server.problem === undefined ? '' : ` ${server.problem}`;
    const banner: BannerModel = { id: 'unreachable', tone: 'critical', connectionId, text: `Vigil cannot reach ${name}.${why}`, action: { label: 'Try again', run: 'refresh' } };
    if (server.lastSuccessfulPollAt !== undefined) banner.detail = `The lists show what it said ${relativeTime(server.lastSuccessfulPollAt, now)}.`;
    banners.push(banner);
  } else if (server.problem !== undefined && server.situation !== 'waiting') {
    banners.push({ id: 'problem', tone: 'warning', connectionId, text: server.problem, action: { label: 'Open settings', run: 'settings' } });
  }
  if (connection.auth === 'expiring') {
    const when = connection.tokenExpiresAt === undefined ? 'soon' : relativeTime(connection.tokenExpiresAt, now);
    banners.push({ id: 'token-expiring', tone: 'warning', connectionId, text: `The token for ${name} expires ${when}. Replace it before it does.`, action: { label: 'Replace token', run: 'sign-in' } });
  }
  if (connection.usualBaseUrl !== undefined) banners.push(addressChangedBanner(connection, connection.usualBaseUrl));
  // The server's own words; nothing in Vigil fixes them, so there is no button, only who says so.
  for (const problem of connection.serverProblems ?? []) {
    banners.push({ id: 'server-problem', tone: 'warning', connectionId, text: `${name} reports a problem: ${problem}` });
  }
  return banners;
}

/** This computer's service listens elsewhere than usual: what changed, and what gets it back. */
function addressChangedBanner(connection: ServerStatusView['connection'], usualBaseUrl: string): BannerModel {
  const usual = new URL(usualBaseUrl);
  const now = new URL(connection.baseUrl);
  return {
    id: 'address-changed',
    tone: 'warning',
    connectionId: connection.id,
    text:
      `Another program is using port ${usual.port}, where ${connection.name}'s monitoring service usually listens, so it listens on port ${now.port} for now. ` +
      `Heartbeat ping URLs changed with it: jobs that ping ${usual.origin}/… cannot report until that port is free again and Vigil is restarted.`,
  };
}

/** The banners a status calls for (pure): every server's when `withServers`, then what concerns them all. */
export function bannersOf(status: StatusView | undefined, now: number, withServers = true): BannerModel[] {
  if (status === undefined) return [];
  const banners = withServers ? status.servers.flatMap((server) => serverBannersOf(server, now)) : [];
  if (status.servers.length === 0 && status.problem !== undefined) {
    banners.push({ id: 'problem', tone: 'warning', text: status.problem, action: { label: 'Open settings', run: 'settings' } });
  }
  if (status.pausedUntil !== undefined) {
    const until = status.pausedUntil === 'resumed' ? 'until you resume them' : `until ${formatClockTime(status.pausedUntil, now)}`;
    banners.push({ id: 'paused', tone: 'info', text: `Notifications are paused ${until}.`, action: { label: 'Resume notifications', run: 'resume' } });
  } else if (status.quiet !== undefined) {
    // Quiet hours hold notifications, not the watch: one summary follows when they end.
    const until = status.quiet.until === undefined ? '' : ` until ${formatClockTime(status.quiet.until, now)}`;
    banners.push({ id: 'quiet', tone: 'info', text: `Quiet hours${until}: notifications are held, and summed up when they end.` });
  }
  return banners;
}

/** The banners above the view: on an overview of several servers, the servers' own are in their groups. */
export function Banners() {
  const status = useStatus((state) => state.status);
  const groupedHere = useNavigation((state) => state.view === 'overview' && state.itemKey === undefined) && (status?.servers.length ?? 0) > 1;
  const now = useNow((state) => state.now);
  return <BannerList banners={bannersOf(status, now, !groupedHere)} />;
}

/** One server's banners, in its group of the overview. */
export function ServerBanners({ server }: { server: ServerStatusView }) {
  const now = useNow((state) => state.now);
  return <BannerList banners={serverBannersOf(server, now)} />;
}

function BannerList({ banners }: { banners: readonly BannerModel[] }) {
  const refreshing = useStatus((state) => state.refreshing);
  const [resuming, setResuming] = useState(false);
  if (banners.length === 0) return null;

  async function act(banner: BannerModel) {
    const run = banner.action?.run ?? 'settings';
    if (run === 'sign-in') return useNavigation.getState().go('settings', connectionFocusKey(banner.connectionId ?? ''));
    if (run === 'settings') return useNavigation.getState().go('settings');
    // "Try again" asks only the server that could not be reached.
    if (run === 'refresh') return useStatus.getState().refreshNow(banner.connectionId);
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
              onClick={() => void act(banner)}
            >
              {banner.action.run === 'refresh' && refreshing ? 'Trying…' : banner.action.label}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
