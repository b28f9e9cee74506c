// The ready-made job lines: by string, and run for real with /bin/sh and bash against a local service's ping URL,
// after which the heartbeat's runs show the exit code and the output. The systemd timer's OnCalendar= is checked
// against systemd's own reading of it where systemd-analyze is installed.
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitoringClient } from '../../main/core/api/index.ts';
import { nextCronOccurrences } from '../../common/schedule/cron-schedule.ts';
import { crontabJob, shellWrapper, systemdUnits, unitNameOf } from '../../renderer/views/heartbeats/job-snippets.ts';
import { onCalendarOf } from '../../renderer/views/heartbeats/systemd-calendar.ts';
import { startTestService, type TestService } from '../helpers/service-harness.ts';

const run = promisify(execFile);
const URL = 'http://127.0.0.1:8731/ping/abc123';

describe('the lines by string', () => {
  it('gives a crontab line that pings the start, then the exit code with the output', () => {
    expect(crontabJob(URL, '30 2 * * 1-5', 'Europe/Berlin')).toBe(
      'CRON_TZ=Europe/Berlin\n' +
        `30 2 * * 1-5 u=${URL}; curl -fsS -m 10 --retry 3 -o /dev/null "$u/start"; out=$(/path/to/job 2>&1); code=$?; ` +
        `printf '\\%s' "$out" | head -c 1000000 | curl -fsS -m 10 --retry 3 -o /dev/null --data-binary @- "$u/$code"`,
    );
    expect(crontabJob('https://x.example/ping/a%b', undefined, undefined)).toMatch(/^<schedule> u=https:\/\/x\.example\/ping\/a\\%b; /);
  });

  it('gives a systemd service and timer on the schedule, in its zone', () => {
    const units = systemdUnits(URL, 'Nightly backup', '30 2 * * 1-5', 'Europe/Berlin');
    expect(units).toContain('# /etc/systemd/system/nightly-backup.service\n[Unit]\nDescription=Nightly backup, reported to Vigil\n');
    expect(units).toContain(`ExecStartPre=-/usr/bin/curl -fsS -m 10 --retry 3 -o /dev/null ${URL}/start\nExecStart=/path/to/job\n`);
    expect(units).toContain(
      "ExecStopPost=/bin/sh -c 'code=$${EXIT_STATUS:-fail}; case $$code in *[!0-9]*) code=fail;; esac; " +
        `journalctl -q -o cat _SYSTEMD_INVOCATION_ID=$$INVOCATION_ID | head -c 1000000 | /usr/bin/curl -fsS -m 10 --retry 3 -o /dev/null --data-binary @- ${URL}/$$code'`,
    );
    expect(units).toContain('[Timer]\nOnCalendar=Mon..Fri *-*-* 02:30:00 Europe/Berlin\nPersistent=true\n');
    expect(units).toContain('systemctl enable --now nightly-backup.timer');
  });

  it('leaves a placeholder for a schedule systemd cannot say the same way', () => {
    expect(systemdUnits(URL, 'x', '0 0 1 * 1', 'UTC')).toContain('# The cron schedule 0 0 1 * 1: write it as systemd.time(7) says\nOnCalendar=<calendar>\n');
    expect(systemdUnits(URL, 'x', undefined, undefined)).toContain('OnCalendar=<calendar>\n');
  });

  it('names the units after the heartbeat', () => {
    expect(unitNameOf('Nightly backup (DB)')).toBe('nightly-backup-db');
    expect(unitNameOf('Café crème')).toBe('cafe-creme');
    expect(unitNameOf('!!!')).toBe('job');
    expect(unitNameOf(undefined)).toBe('job');
  });

  it('converts the usual cron shapes to OnCalendar', () => {
    expect(onCalendarOf('*/15 * * * *', 'UTC')).toBe('*-*-* *:00/15:00 UTC');
    expect(onCalendarOf('5 * * * *', 'UTC')).toBe('*-*-* *:05:00 UTC');
    expect(onCalendarOf('0 9 * * 1,3,5', 'UTC')).toBe('Mon,Wed,Fri *-*-* 09:00:00 UTC');
    expect(onCalendarOf('0 10 * * 5-7', 'UTC')).toBe('Fri..Sun *-*-* 10:00:00 UTC');
    expect(onCalendarOf('0 23 L * *', 'UTC')).toBe('*-*~01 23:00:00 UTC');
    expect(onCalendarOf('@weekly', 'UTC')).toBe('Sun *-*-* 00:00:00 UTC');
    expect(onCalendarOf('0 9-17/2 * * 1-5', 'UTC')).toBe('Mon..Fri *-*-* 09..17/2:00:00 UTC');
    for (const other of ['0 0 15W * *', '0 0 * * 1#2', '0 0 * JAN *', '0 0 1 * 1']) expect(onCalendarOf(other, 'UTC')).toBeUndefined();
  });
});

async function hasSystemdAnalyze(): Promise<boolean> {
  try {
    await run('systemd-analyze', ['--version']);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!(await hasSystemdAnalyze()))("OnCalendar as systemd reads it", () => {
  it.each([
    ['*/15 * * * *', 'UTC'],
    ['30 2 * * 1-5', 'Europe/Berlin'],
    ['0 9 * * 1,3,5', 'America/New_York'],
    ['0 23 L * *', 'Asia/Tokyo'],
    ['0 9-17/2 * * 1-5', 'Europe/Berlin'],
    ['@monthly', 'UTC'],
    ['0 6 * * 6,0', 'Australia/Sydney'],
  ])('%s in %s fires when cron would', async (schedule, zone) => {
    const calendar = onCalendarOf(schedule, zone) ?? '';
    const now = Date.now();
    const { stdout } = await run('systemd-analyze', ['calendar', '--iterations=6', calendar], { env: { ...process.env, TZ: 'UTC', LC_ALL: 'C' } });
    const systemd = [...stdout.matchAll(/(?:Next elapse|Iter\. #\d+): \w+ (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/g)].map((match) => Date.parse(`${match[1]?.replace(' ', 'T')}Z`));
    expect(systemd).toHaveLength(6);
    expect(systemd).toEqual(nextCronOccurrences(schedule, zone, now, 6));
  });
});

describe('the lines run for real', () => {
  let service: TestService;
  let client: MonitoringClient;
  let dir: string;
  let job: string;
  beforeAll(async () => {
    service = await startTestService({ rateLimitPerMinute: 100_000 });
    client = new MonitoringClient({ baseUrl: service.apiUrl, token: () => service.token });
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-job-'));
    job = path.join(dir, 'job.sh');
    writeFileSync(job, "#!/bin/sh\necho 'copied 5 files (100%)'\necho \"disk full: $1\" >&2\nexit 3\n");
    chmodSync(job, 0o755);
  });
  afterAll(async () => {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function newHeartbeat(name: string): Promise<{ id: string; url: string }> {
    const heartbeat = (await client.createHeartbeat({ name, schedule: '30 2 * * *', timezone: 'UTC' })).item;
    return { id: heartbeat.id ?? '', url: heartbeat.ping_url ?? '' };
  }

  async function latestRun(id: string) {
    const { items } = await client.listHeartbeatRuns(id, { limit: 5 });
    expect(items).toHaveLength(1);
    return items[0];
  }

  it('runs the crontab line as cron would, with /bin/sh', async () => {
    const { id, url } = await newHeartbeat('Cron line');
    const line = crontabJob(url, '30 2 * * *', undefined).replace('/path/to/job', `${job} here`);
    // What cron runs: the line after its five fields, with "\%" turned into "%".
    const command = line.split(' ').slice(5).join(' ').replaceAll('\\%', '%');
    await run('/bin/sh', ['-c', command]);
    expect(await latestRun(id)).toMatchObject({ outcome: 'failed', exit_code: 3, log: 'copied 5 files (100%)\ndisk full: here', started_at: expect.any(String), duration_ms: expect.any(Number) });
  });

  it.each(['bash', 'sh'])('runs the shell function with %s and passes the exit code on', async (shell) => {
    const { id, url } = await newHeartbeat(`Wrapper ${shell}`);
    const script = `${shellWrapper(url)}\nvigil_run ${job} "it's"\necho "exit $?"\nvigil_run true\necho "exit $?"`;
    const { stdout } = await run(shell, ['-c', script]);
    expect(stdout).toBe("copied 5 files (100%)\ndisk full: it's\nexit 3\nexit 0\n");
    const { items } = await client.listHeartbeatRuns(id, { limit: 5 });
    expect(items.map((item) => [item.outcome, item.exit_code, item.log])).toEqual([
      ['success', 0, undefined],
      ['failed', 3, "copied 5 files (100%)\ndisk full: it's"],
    ]);
  });

  it("runs the systemd service's end ping as systemd would", async () => {
    const { id, url } = await newHeartbeat('Timer');
    const units = systemdUnits(url, 'Timer', '30 2 * * *', 'UTC');
    const unescape = (text: string) => text.replaceAll('$$', '$').replaceAll('%%', '%');
    const start = unescape(/^ExecStartPre=-(.*)$/m.exec(units)?.[1] ?? '');
    const stop = unescape(/^ExecStopPost=\/bin\/sh -c '(.*)'$/m.exec(units)?.[1] ?? '');
    // journalctl stands in for the journal: it prints the run's output.
    writeFileSync(path.join(dir, 'journalctl'), '#!/bin/sh\necho "rsync: disk full ($*)"\n');
    chmodSync(path.join(dir, 'journalctl'), 0o755);
    const env = { ...process.env, PATH: `${dir}:${process.env['PATH'] ?? ''}`, INVOCATION_ID: 'inv42' };
    await run('/bin/sh', ['-c', start.replace('/usr/bin/curl', 'curl')], { env });
    await run('/bin/sh', ['-c', stop.replace('/usr/bin/curl', 'curl')], { env: { ...env, EXIT_STATUS: '2' } });
    expect(await latestRun(id)).toMatchObject({ outcome: 'failed', exit_code: 2, log: 'rsync: disk full (-q -o cat _SYSTEMD_INVOCATION_ID=inv42)\n', started_at: expect.any(String) });
    // Killed by a signal, systemd says its name: the run fails without a code.
    await run('/bin/sh', ['-c', stop.replace('/usr/bin/curl', 'curl')], { env: { ...env, EXIT_STATUS: 'TERM' } });
    const { items } = await client.listHeartbeatRuns(id, { limit: 5 });
    expect(items[0]).toMatchObject({ outcome: 'failed', exit_code: undefined });
  });
});
