// A ready-made crontab line that runs a job and pings the heartbeat when it succeeds (pure).

/** What the line says in place of a schedule cron cannot express evenly. */
export const SCHEDULE_PLACEHOLDER = '<schedule>';

/**
 * The cron schedule that runs exactly every `seconds`, when cron can say it evenly: every n minutes or hours where
 * n divides the hour or day, daily, weekly. "*\/7" would leave a 4-minute gap at the top of the hour, so 7 minutes
 * gets no schedule (undefined) rather than a wrong one.
 */
export function cronScheduleOf(seconds: number): string | undefined {
  const minutes = seconds / 60;
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = seconds / 3600;
  if (Number.isInteger(hours) && hours >= 1 && hours < 24 && 24 % hours === 0) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  if (seconds === 86_400) return '0 0 * * *';
  if (seconds === 604_800) return '0 0 * * 0';
  return undefined;
}

/**
 * The URL as one word of a crontab command: quoted for the shell only when it must be (a query string's `&` or
 * `?`), and with `%` escaped, which cron would otherwise turn into a line break.
 */
export function crontabWord(text: string): string {
  const word = /^[\w:/.~%+=@,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
  return word.replaceAll('%', '\\%');
}

export function crontabLine(pingUrl: string, intervalSeconds: number | undefined): string {
  const schedule = intervalSeconds === undefined ? undefined : cronScheduleOf(intervalSeconds);
  return `${schedule ?? SCHEDULE_PLACEHOLDER} /path/to/job && curl -fsS -m 10 --retry 3 ${crontabWord(pingUrl)} > /dev/null`;
}
