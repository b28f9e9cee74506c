// A real Prometheus Alertmanager (Debian's prometheus-alertmanager, which `npm test`'s set-up installs) on a loopback
// port of its own, clustering off, with a receiver that sends nowhere: the tests post alerts and silences to it as
// Prometheus and a person would, and read what it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ALERTMANAGER_BINARY = '/usr/bin/prometheus-alertmanager';

/** Routes every alert to a receiver without integrations: nothing leaves the machine. */
const config = `global:
  resolve_timeout: 5m
route:
  receiver: "nowhere"
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
receivers:
  - name: "nowhere"
`;

export interface PostedAlert {
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  startsAt?: string;
  endsAt?: string;
  generatorURL?: string;
}

export interface RunningAlertmanager {
  /** `http://127.0.0.1:PORT`, as a person would configure it. */
  url: string;
  /** `POST /api/v2/alerts`, as Prometheus sends them. */
  post(alerts: PostedAlert[]): Promise<void>;
  /** `POST /api/v2/silences` for alerts whose `name` label equals `value`, for the next hour; its id. */
  silence(name: string, value: string): Promise<string>;
  /** `GET /api/v2/alerts` as Vigil asks it: the answer's parsed JSON. */
  activeAlerts(): Promise<unknown>;
  /** Asks again until `accept` holds for the answer (Alertmanager files a posted alert or silence asynchronously). */
  waitForAlerts(accept: (answer: unknown) => boolean, what: string): Promise<unknown>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`Alertmanager refused ${what} (HTTP ${response.status}): ${await response.text()}`);
  return response;
}

export async function startAlertmanager(): Promise<RunningAlertmanager> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-alertmanager-'));
  writeFileSync(path.join(dir, 'alertmanager.yml'), config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(
    ALERTMANAGER_BINARY,
    [`--config.file=${path.join(dir, 'alertmanager.yml')}`, `--storage.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--cluster.listen-address=', '--log.level=warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = once(child, 'exit');

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  /** Asks until `ready` says yes; each failed answer is a sign it had its chance, the deadline bounds the wait. */
  const askUntil = async <T>(ask: () => Promise<T | undefined>, what: string): Promise<T> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Alertmanager stopped (exit ${child.exitCode}): ${output.join('')}`);
      const answer = await ask().catch(() => undefined);
      if (answer !== undefined) return answer;
      if (Date.now() > deadline) throw new Error(`Alertmanager did not show ${what} within 20 s: ${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  try {
    await askUntil(async () => ((await fetch(`${url}/-/ready`)).ok ? true : undefined), 'that it is ready');
  } catch (error) {
    await close();
    throw error;
  }

  const activeAlerts = async () => (await expectOk(await fetch(`${url}/api/v2/alerts`), 'GET /api/v2/alerts')).json() as Promise<unknown>;
  return {
    url,
    post: async (alerts) => {
      await expectOk(await fetch(`${url}/api/v2/alerts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(alerts) }), 'the alerts');
    },
    silence: async (name, value) => {
      const now = Date.now();
      const body = {
        matchers: [{ name, value, isRegex: false, isEqual: true }],
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        createdBy: 'vigil-tests',
        comment: 'I am on it',
      };
      const response = await expectOk(await fetch(`${url}/api/v2/silences`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), 'the silence');
      return ((await response.json()) as { silenceID: string }).silenceID;
    },
    activeAlerts,
    waitForAlerts: (accept, what) => askUntil(async () => {
      const answer = await activeAlerts();
      return accept(answer) ? answer : undefined;
    }, what),
    close,
  };
}
