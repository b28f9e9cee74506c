// Ready-made ways to run a job so that it tells a heartbeat when it starts, how it ended and what it printed (pure),
// for servers with the `cron` extension (docs/api-decisions.md §16): a crontab line, a systemd service with its
// timer, and a shell function. Each pings `<ping_url>/start`, runs the job, then `<ping_url>/<exit code>` with the
// job's output as the body, capped at 1 MB (the service's ping body limit; it keeps the first 10 KB). Pings never
// stop the job: a failed start ping is not the job's failure.
import { SCHEDULE_PLACEHOLDER, crontabWord } from './crontab-line.ts';
import { onCalendarOf } from './systemd-calendar.ts';

/** What curl is told on every ping: fail on an HTTP error, quietly but saying why, 10 s at most, three retries. */
const CURL = 'curl -fsS -m 10 --retry 3 -o /dev/null';
/** Under the service's 1 MB limit for a ping's body, so a chatty job's end is still recorded. */
const MAX_LOG_BYTES = 1_000_000;
export const JOB_PLACEHOLDER = '/path/to/job';
export const CALENDAR_PLACEHOLDER = '<calendar>';

/** A word for a POSIX shell: as it is when nothing in it is special, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w:/.~%+=@,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The crontab entry: `CRON_TZ=` for the schedule's zone (cronie and others read it; Debian's cron runs on the
 * computer's zone), then the line. Cron runs it with /bin/sh, turning an unescaped `%` into a line break.
 */
export function crontabJob(pingUrl: string, schedule: string | undefined, timeZone: string | undefined): string {
  const url = crontabWord(pingUrl);
  const command =
    `u=${url}; ${CURL} "$u/start"; out=$(${JOB_PLACEHOLDER} 2>&1); code=$?; ` +
    `printf '\\%s' "$out" | head -c ${MAX_LOG_BYTES} | ${CURL} --data-binary @- "$u/$code"`;
  const line = `${schedule ?? SCHEDULE_PLACEHOLDER} ${command}`;
  return timeZone === undefined ? line : `CRON_TZ=${timeZone}\n${line}`;
}

/** A unit name from the heartbeat's name: "Nightly backup" is nightly-backup. */
export function unitNameOf(name: string | undefined): string {
  const slug = (name ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? 'job' : slug;
}

/** `%` starts a specifier in a unit file. */
const unitText = (text: string) => text.replaceAll('%', '%%');

/**
 * The service and its timer. The end is pinged from ExecStopPost, which runs however the job ended, with the exit
 * code in $EXIT_STATUS (a signal's name when it was killed: then `/fail`) and the run's output from the journal.
 */
export function systemdUnits(pingUrl: string, name: string | undefined, schedule: string | undefined, timeZone: string | undefined): string {
  const unit = unitNameOf(name);
  const url = unitText(shellWord(pingUrl));
  const calendar = schedule === undefined ? undefined : onCalendarOf(schedule, timeZone);
  const stopScript =
    `code=$\${EXIT_STATUS:-fail}; case $$code in *[!0-9]*) code=fail;; esac; ` +
    `journalctl -q -o cat _SYSTEMD_INVOCATION_ID=$$INVOCATION_ID | head -c ${MAX_LOG_BYTES} | /usr/bin/${CURL} --data-binary @- ${url}/$$code`;
  return [
    `# /etc/systemd/system/${unit}.service`,
    '[Unit]',
    `Description=${unitText(name ?? unit)}, reported to Vigil`,
    '',
    '[Service]',
    'Type=oneshot',
    `ExecStartPre=-/usr/bin/${CURL} ${url}/start`,
    `ExecStart=${JOB_PLACEHOLDER}`,
    `ExecStopPost=/bin/sh -c '${stopScript.replaceAll("'", `'\\''`)}'`,
    '',
    `# /etc/systemd/system/${unit}.timer`,
    '[Unit]',
    `Description=Runs ${unit}.service on its schedule`,
    '',
    '[Timer]',
    ...(calendar === undefined && schedule !== undefined ? [`# The cron schedule ${schedule}: write it as systemd.time(7) says`] : []),
    `OnCalendar=${calendar ?? CALENDAR_PLACEHOLDER}`,
    'Persistent=true',
    '',
    '[Install]',
    'WantedBy=timers.target',
    '',
    `# Then: systemctl daemon-reload && systemctl enable --now ${unit}.timer`,
  ].join('\n');
}

/** A function for a script of one's own: `vigil_run /path/to/job args…` reports and passes on the job's exit code. */
export function shellWrapper(pingUrl: string): string {
  return [
    '# Runs a command and tells Vigil when it starts, how it ended and what it printed:',
    `#   vigil_run ${JOB_PLACEHOLDER} --its --arguments`,
    'vigil_run() {',
    `  vigil_url=${shellWord(pingUrl)}`,
    `  ${CURL} "$vigil_url/start" || true`,
    '  vigil_code=0',
    '  vigil_out=$("$@" 2>&1) || vigil_code=$?',
    `  [ -z "$vigil_out" ] || printf '%s\\n' "$vigil_out"`,
    `  printf '%s' "$vigil_out" | head -c ${MAX_LOG_BYTES} | ${CURL} --data-binary @- "$vigil_url/$vigil_code" || true`,
    '  return "$vigil_code"',
    '}',
  ].join('\n');
}
