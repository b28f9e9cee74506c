// The contract's connection calls: list (with sign-in state, never the token), add a remote server after the
// server accepted its token (watched at once), replace a token, test an address, turn one off or on, remove one.
import { randomUUID } from 'node:crypto';
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import { secretMayGo } from '../../../common/secrets/secret-destination.ts';
import type { ConnectionTestView, ConnectionView } from '../../../common/ipc/views.ts';
import { MonitoringClientError } from '../api/index.ts';
import { recogniseSource } from '../sources/recognise-source.ts';
import { SourcePoll } from '../sources/source-poll.ts';
import { countPhrase } from '../health/index.ts';
import { fetchSnapshot } from '../poller/fetch-snapshot.ts';
import { apiBaseUrlProblem, withoutTrailingSlash } from '../settings/api-base-url.ts';
import { withConnection, withoutConnection } from '../settings/connection-settings.ts';
import type { Connection, Settings } from '../settings/settings-schema.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { localConnectionId } from '../app/local-mode.ts';
import { VigilCoreError } from './call-error.ts';

export function connectionCalls(runtime: CoreRuntime) {
  const { settings, secrets } = runtime;

  async function viewOf(id: string): Promise<ConnectionView> {
    const current = settings.read();
    return runtime.connectionView(find(current, id), current);
  }

  return {
    async listConnections() {
      const current = settings.read();
      return Promise.all(current.connections.map((connection) => runtime.connectionView(connection, current)));
    },

    async addRemoteConnection({ name, baseUrl, token }) {
      const url = checkedBaseUrl(baseUrl);
      // Nothing is saved unless the server takes the token; its own words say why when it does not.
      await runtime.clientFor(url, token).listHeartbeats();
      // The same server added again gets the new name and token rather than a second entry.
      const existing = settings.read().connections.find((c) => c.kind === 'remote' && c.sourceKind === 'vigil' && c.baseUrl === url);
      const id = existing?.id ?? randomUUID();
      await secrets.set(id, token);
      try {
        settings.update((current) => withConnection(current, { id, name, baseUrl: url, kind: 'remote', sourceKind: 'vigil', enabled: true }));
      } catch (error) {
        if (!existing) await secrets.delete(id);
        throw error;
      }
      runtime.tokenChanged(id, token);
      await runtime.follow();
      return viewOf(id);
    },

    async recogniseSource(address) {
      return recogniseSource(address, { fetch: runtime.fetch, clock: runtime.clock });
    },

    async addSource({ name, baseUrl, sourceKind, page, key }) {
      const url = checkedBaseUrl(baseUrl);
      // Nothing is saved unless the source answers, with its key where it takes one; its own words say why when not.
      await new SourcePoll({ sourceKind, baseUrl: url, page }, { fetch: runtime.fetch, clock: runtime.clock }).snapshot(key);
      const existing = settings.read().connections.find((c) => c.sourceKind === sourceKind && c.baseUrl === url && c.page === page);
      const id = existing?.id ?? randomUUID();
      // A key given is kept; none given forgets one kept before (a kind that may be read either way).
      if (key !== undefined) await secrets.set(id, key);
      else if (existing !== undefined) await secrets.delete(id);
      settings.update((current) => withConnection(current, { id, name, baseUrl: url, kind: 'remote', sourceKind, ...(page === undefined ? {} : { page }), enabled: true }));
      runtime.tokenChanged(id, key);
      await runtime.follow();
      return viewOf(id);
    },

    async setConnectionToken(id, token) {
      find(settings.read(), id);
      await secrets.set(id, token);
      runtime.tokenChanged(id, token);
      return viewOf(id);
    },

    async testConnection({ baseUrl, token, connectionId }): Promise<ConnectionTestView> {
      const problem = apiBaseUrlProblem(baseUrl.trim());
      if (problem !== undefined) return { ok: false, message: `The server address ${problem}.` };
      const url = withoutTrailingSlash(baseUrl.trim());
      let secret = token;
      if (secret === undefined && connectionId !== undefined) {
        const saved = find(settings.read(), connectionId);
        // A saved token goes only to the server it was saved for.
        if (!secretMayGo({ origin: new URL(saved.baseUrl).origin }, { origin: new URL(url).origin })) {
          return { ok: false, message: `The saved token of ${saved.name} is only sent to ${new URL(saved.baseUrl).origin}; enter a token to test another address.` };
        }
        secret = await secrets.get(connectionId);
      }
      if (secret === undefined) return { ok: false, message: 'There is no token to test with: enter the token for this server.' };
      try {
        const snapshot = await fetchSnapshot(runtime.clientFor(url, secret), runtime.clock);
        const counts = [
          countPhrase(snapshot.monitors.length, 'monitor'),
          countPhrase(snapshot.heartbeats.length, 'heartbeat'),
          countPhrase(snapshot.domains.length, 'domain'),
        ];
        return { ok: true, message: `Connected: ${counts.join(', ')}` };
      } catch (error) {
        if (error instanceof MonitoringClientError) return { ok: false, message: error.info.message };
        throw error;
      }
    },

    /** Off: kept with its token and its record, not polled (its stretch of watching ends); on: polled at once. */
    async setConnectionEnabled(id, enabled) {
      find(settings.read(), id);
      settings.update((current) => ({ ...current, connections: current.connections.map((c) => (c.id === id ? { ...c, enabled } : c)) }));
      await runtime.follow();
      return viewOf(id);
    },

    async removeConnection(id) {
      const connection = find(settings.read(), id);
      if (connection.id === localConnectionId) {
        throw new VigilCoreError(`${connection.name} is this computer's own monitoring service and cannot be removed.`);
      }
      // The token first: if the keychain refuses, nothing has changed yet.
      await secrets.delete(id);
      settings.update((current) => withoutConnection(current, id));
      // Its session stops first, so nothing it still had under way writes its state back after it is forgotten.
      await runtime.follow();
      runtime.forgetConnection(id);
      await runtime.startLocalModeIfWanted();
    },
  } satisfies Partial<CoreCalls>;
}

function find(settings: Settings, id: string): Connection {
  const connection = settings.connections.find((c) => c.id === id);
  if (connection === undefined) throw new VigilCoreError(`There is no connection with the id "${id.slice(0, 100)}".`);
  return connection;
}

function checkedBaseUrl(baseUrl: string): string {
  const text = baseUrl.trim();
  const problem = apiBaseUrlProblem(text);
  if (problem !== undefined) throw new VigilCoreError(`The server address ${problem}.`, { details: [{ field: '0.baseUrl', message: problem }] });
  return withoutTrailingSlash(text);
}
