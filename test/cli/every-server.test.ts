// The client commands over every saved server at once, as real processes: two `vigil service` processes signed in
// with `vigil login` (tokens in a private Secret Service), a monitor down on one of them; then one stopped, and a
// third that never answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretServiceMissingReason, startSecretService, type SecretServiceSession } from '../helpers/secret-service.ts';
import { runVigil, startServiceProcess, vigilEntry, type ServiceProcess } from '../helpers/service-process.ts';

const missing = secretServiceMissingReason();
if (missing) console.log(`Skipping the every-server CLI tests: ${missing}.`);

interface Server {
  process: ServiceProcess;
  dataDir: string;
  token: string;
}

let keyring: SecretServiceSession;
let configDir: string;
let env: NodeJS.ProcessEnv;
let work: Server;
let side: Server;

const vigil = (args: string[], input?: string) => runVigil(args, { env, input }).exited;

async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-every-server-'));
  // One failed check confirms a monitor down, so the test need not wait for two.
  writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ failuresToConfirmDown: 1 }));
  const process = await startServiceProcess(dataDir);
  // A token close to its expiry: `watch` then tells of it on each server at once.
  const token = (await runVigil(['token', '--data-dir', dataDir, '--expires-in', '1h']).exited).stdout.trim();
  return { process, dataDir, token };
}

async function api(server: Server, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.process.apiUrl}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

async function statusOf(server: Server, name: string, status: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !((await api(server, '/monitors')) as { name: string; last_status: string }[]).some((m) => m.name === name && m.last_status === status)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(server: Server): Promise<void> {
  server.process.child.kill('SIGTERM');
  await server.process.exited;
}

beforeAll(async () => {
  if (missing) return;
  [keyring, work, side] = await Promise.all([startSecretService(), startServer(), startServer()]);
  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-every-server-config-'));
  // British English: the text's times on a 24-hour clock on every machine.
  env = { ...keyring.env, VIGIL_CONFIG_DIR: configDir, VIGIL_TOKEN: '', LANG: 'en_GB.UTF-8', LC_ALL: '', LC_TIME: '' };
  for (const [server, name] of [[work, 'Work'], [side, 'Side']] as const) {
    const login = await vigil(['login', '--base-url', server.process.apiUrl, '--name', name], `${server.token}\n`);
    expect(login.code, login.stderr).toBe(0);
  }
  await api(work, '/monitors', { name: 'Closed port', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
  // The same monitor on both servers, up: it checks Work's own port.
  const workPort = new URL(work.process.apiUrl).host;
  for (const server of [work, side]) await api(server, '/monitors', { name: 'Twin', type: 'tcp', url: workPort, frequency: 60 });
  await Promise.all([statusOf(work, 'Closed port', 'down'), statusOf(work, 'Twin', 'up'), statusOf(side, 'Twin', 'up')]);
}, 60_000);

afterAll(async () => {
  if (missing) return;
  await Promise.all([stop(work), stop(side), keyring.stop()]);
  for (const dir of [configDir, work.dataDir, side.dataDir]) rmSync(dir, { recursive: true, force: true });
});

// The reading commands may run in any order; stopping a server and adding one that stalls come last, since
// they change what every other test reads. The order is declared here rather than assumed (a shuffled run keeps it).
describe.skipIf(missing)('the client commands over every server', { shuffle: false }, () => {
  describe.skipIf(missing)('vigil status over every server', { shuffle: true }, () => {
    it('shows both servers, grouped, and exits with the worst', async () => {
      const result = await vigil(['status']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(2);
      expect(result.stdout).toMatch(/^Work \(http:\/\/127\.0\.0\.1:\d+\/api\)\n {2}CRITICAL {2}monitor {4}Closed port +Down/);
      expect(result.stdout).toMatch(/\n\nSide \(http:\/\/127\.0\.0\.1:\d+\/api\)\n {2}OK {8}monitor {4}Twin/);
      expect(result.stdout).toMatch(/\n\n2 servers: CRITICAL \(Work critical, Side ok\)\.\n$/);
    });

    it('gives each item its server, and each server its level, with --json', async () => {
      const result = await vigil(['status', '--json']);
      expect(result.code).toBe(2);
      const report = JSON.parse(result.stdout) as { level: string; connection?: unknown; servers: { id: string }[]; monitors: { name: string; server: string; server_id: string }[] };
      expect(report.level).toBe('critical');
      expect(report.connection).toBeUndefined();
      expect(report.servers).toEqual([
        { name: 'Work', id: expect.any(String), baseUrl: work.process.apiUrl, kind: 'vigil', level: 'critical', situation: 'ok', issues: 0 },
        { name: 'Side', id: expect.any(String), baseUrl: side.process.apiUrl, kind: 'vigil', level: 'ok', situation: 'ok', issues: 0 },
      ]);
      const [workId, sideId] = report.servers.map((server) => server.id);
      expect(workId).not.toBe(sideId);
      expect(report.monitors.map((m) => `${m.server}/${m.name}`).sort()).toEqual(['Side/Twin', 'Work/Closed port', 'Work/Twin']);
      // Each item's server_id is its connection's id, so two servers of the same name would still be told apart.
      expect(report.monitors.every((m) => m.server_id === (m.server === 'Work' ? workId : sideId))).toBe(true);
    });

    it('narrows to one server with --server (name or id, any case), printed as a single server is', async () => {
      const result = await vigil(['status', '--server', 'side']);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toMatch(/^OK {8}monitor {4}Twin +Up/);
      expect(result.stdout).toMatch(/\n\nSide: OK — all 1 items fine\.\n$/);
      const json = JSON.parse((await vigil(['status', '--server', 'WORK', '--json'])).stdout) as { connection: { name: string }; monitors: { server: string }[] };
      expect(json.connection.name).toBe('Work');
      expect(new Set(json.monitors.map((m) => m.server))).toEqual(new Set(['Work']));
    });

    it('names the saved servers when --server names none', async () => {
      const result = await vigil(['status', '--server', 'Home']);
      expect(result).toMatchObject({ code: 2, stdout: '', stderr: 'No saved server is named or has the id "Home". The saved servers: Work, Side.\n' });
    });
  });

  describe.skipIf(missing)('vigil history, events, export and import over every server', { shuffle: true }, () => {
    it('finds the item on the server that has it, and names the servers when the name is on both', async () => {
      const found = await vigil(['history', 'closed port', '--window', '24h']);
      expect(found.stderr).toBe('');
      expect(found.stdout).toMatch(/^Closed port \(monitor\) on Work: down/);
      const twins = await vigil(['history', 'Twin']);
      expect(twins).toMatchObject({ code: 1, stdout: '', stderr: '"Twin" names items on 2 servers (Work, Side): say which with --server NAME.\n' });
      expect((await vigil(['history', 'Twin', '--server', 'Side'])).stdout).toMatch(/^Twin \(monitor\) on Side: /);
    });

    it('spans every server in events, each line naming its server', async () => {
      const result = await vigil(['events', '--since', '1h']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^\d\d:\d\d(:\d\d)? {2,}CRITICAL {2}Work · Closed port went down/m);
      const json = JSON.parse((await vigil(['events', '--json'])).stdout) as { servers: { name: string }[]; events: { serverName: string }[] };
      expect(json.servers.map((server) => server.name)).toEqual(['Work', 'Side']);
      expect(json.events.some((event) => event.serverName === 'Work')).toBe(true);
    });

    it('asks which server to export from or import into', async () => {
      const unnamed = await vigil(['export']);
      expect(unnamed).toMatchObject({ code: 2, stdout: '', stderr: 'vigil export works on one server and 2 are watched (Work, Side): say which with --server NAME.\n' });
      const exported = await vigil(['export', '--server', 'Work']);
      expect(exported.code).toBe(0);
      expect(exported.stderr).toBe('Exported 2 monitors, 0 heartbeats, 0 domains, 0 notification handlers from Work.\n');
      const file = path.join(configDir, 'work.json');
      writeFileSync(file, exported.stdout);
      expect((await vigil(['import', file, '--dry-run'])).stderr).toMatch(/^vigil import works on one server and 2 are watched \(Work, Side\)/);
      const imported = await vigil(['import', file, '--dry-run', '--server', 'Side']);
      expect(imported.stdout).toBe('Would create monitor "Closed port" (127.0.0.1:9)\nSkipped monitor "Twin": already on the server\nDry run: nothing was changed; 1 to create, 1 skipped.\n');
    });
  });

  describe.skipIf(missing)('vigil watch over every server', () => {
    it('names the server on each line', async () => {
      const child = spawn(process.execPath, [vigilEntry, 'watch', '--interval', '10'], { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, ...env } });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const deadline = Date.now() + 15_000;
      while (!(stdout.includes('Work · ') && stdout.includes('Side · ')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      // Each line starts with its time of day, to the second.
      expect(stdout).toMatch(/^\d\d:\d\d:\d\d {2}CRITICAL {2}Work · .*Closed port/m);
      expect(stdout).toMatch(/^\d\d:\d\d:\d\d {2}\w+ +Side · /m);
    });
  });

  describe.skipIf(missing)('a server stopped or stalled', () => {
    it('is "cannot tell" for that server while the other still reports', async () => {
      await stop(side);
      const text = await vigil(['status', '--timeout', '5']);
      expect(text.code).toBe(2);
      expect(text.stdout).toMatch(/^Work \(.*\)\n {2}CRITICAL {2}monitor {4}Closed port/);
      expect(text.stdout).toMatch(/\n\nSide \(.*\)\n {2}Side: CANNOT TELL — Cannot tell the status of Side: /);
      expect(text.stdout).toMatch(/\n\n2 servers: CRITICAL \(Work critical, Side cannot tell\)\.\n$/);
      const json = JSON.parse((await vigil(['status', '--json', '--timeout', '5'])).stdout) as { servers: { name: string; level: string; situation: string }[] };
      expect(json.servers).toMatchObject([
        { name: 'Work', level: 'critical', situation: 'ok' },
        { name: 'Side', level: 'unknown', situation: 'unreachable' },
      ]);
      const alone = await vigil(['status', '--server', 'Side', '--timeout', '5']);
      expect(alone).toMatchObject({ code: 3, stdout: '' });
      expect(alone.stderr).toMatch(/^Cannot tell the status of Side: .*\n$/);
    });

    it('holds nobody up for a server that never answers: it is "cannot tell" at the deadline', async () => {
      // Answers the heartbeats (so `vigil login` can check a token), then never the monitors.
      const stalled = createServer((request, response) => {
        if (request.url === '/api/heartbeats') response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      });
      await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
      const stalledUrl = `http://127.0.0.1:${(stalled.address() as { port: number }).port}/api`;
      try {
        expect((await vigil(['login', '--base-url', stalledUrl, '--name', 'Stalled'], 'a.b.c\n')).code).toBe(0);
        // The server never answers the monitors, so the command returns only by its deadline, which its words name;
        // how long the machine took to start it is not measured here (benchmarks time things, not tests).
        const result = await vigil(['status', '--timeout', '3']);
        expect(result.code).toBe(2);
        expect(result.stdout).toMatch(/^Work \(.*\)\n {2}CRITICAL {2}monitor {4}Closed port/);
        expect(result.stdout).toContain('Stalled: CANNOT TELL — Cannot tell the status of Stalled: no complete answer within 3 s');
        expect(result.stdout).toMatch(/\n\n3 servers: CRITICAL \(Work critical, Side cannot tell, Stalled cannot tell\)\.\n$/);
      } finally {
        stalled.closeAllConnections();
        stalled.close();
      }
    });
  });
});
