// The ready-made ways to run a job so that its heartbeat hears its start, exit code and output (job-snippets.ts),
// each with a Copy button: for heartbeats on a server with the `cron` extension, which reads those pings.
import type { Heartbeat } from '../../../common/ipc/views.ts';
import { CopyableText } from '../../components/copyable-text.tsx';
import { cronScheduleOf, SCHEDULE_PLACEHOLDER } from './crontab-line.ts';
import { CALENDAR_PLACEHOLDER, crontabJob, JOB_PLACEHOLDER, shellWrapper, systemdUnits } from './job-snippets.ts';

export function JobLines({ heartbeat, pingUrl }: { heartbeat: Heartbeat; pingUrl: string }) {
  // A heartbeat on an interval runs on the cron schedule that keeps it, where there is one.
  const schedule = heartbeat.schedule ?? (heartbeat.expected_interval === undefined ? undefined : cronScheduleOf(heartbeat.expected_interval));
  const timeZone = heartbeat.schedule === undefined ? undefined : heartbeat.timezone;
  const crontab = crontabJob(pingUrl, schedule, timeZone);
  const units = systemdUnits(pingUrl, heartbeat.name, schedule, timeZone);
  const replace = `Replace ${JOB_PLACEHOLDER} with your command`;
  return (
    <>
      <CopyableText
        label="Crontab line"
        multiline
        rows={4}
        text={crontab}
        hint={`${replace}${schedule === undefined ? ` and ${SCHEDULE_PLACEHOLDER} with its schedule` : ''}. It pings when the job starts, then its exit code with what it printed.${timeZone === undefined ? '' : ' CRON_TZ sets the zone for cronie; Debian’s cron runs every line in the computer’s zone.'}`}
      />
      <CopyableText
        label="systemd service and timer"
        multiline
        rows={12}
        text={units}
        hint={`Two files. ${replace}${units.includes(CALENDAR_PLACEHOLDER) ? ` and ${CALENDAR_PLACEHOLDER} with its schedule` : ''}. The end is reported however the job ends, with its exit code and its journal.`}
      />
      <CopyableText label="Shell function" multiline rows={12} text={shellWrapper(pingUrl)} hint="For a script of your own: it runs the command given, reports it, and passes on its exit code." />
    </>
  );
}
