// Beside a ping URL while This computer's service listens elsewhere than usual (another program holds its port):
// the address the job may already be wired to no longer answers, so say which one, and that it comes back.
import { useStatus } from '../../state/status-store.ts';

/** The usual ping URL for `pingUrl` (same path, the usual origin), or undefined when the address is as usual. */
export function usualPingUrl(pingUrl: string, usualBaseUrl: string | undefined): string | undefined {
  if (usualBaseUrl === undefined) return undefined;
  const url = new URL(pingUrl);
  const usual = new URL(usualBaseUrl);
  if (url.origin === usual.origin) return undefined;
  url.protocol = usual.protocol;
  url.host = usual.host;
  return url.href;
}

export function PingAddressNotice({ connectionId, pingUrl }: { connectionId: string | undefined; pingUrl: string }) {
  const usualBaseUrl = useStatus((state) => state.status?.servers.find((server) => server.connection.id === connectionId)?.connection.usualBaseUrl);
  const usual = usualPingUrl(pingUrl, usualBaseUrl);
  if (usual === undefined) return null;
  const port = new URL(usual).port;
  return (
    <p className="list-note list-note-warning" role="note">
      This address changed: another program is using port {port}, so pings go to port {new URL(pingUrl).port} for now. A job that pings{' '}
      <span className="nowrap-url">{usual}</span> cannot report until that port is free again and Vigil is restarted; then the usual address works again.
    </p>
  );
}
