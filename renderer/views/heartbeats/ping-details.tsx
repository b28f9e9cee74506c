// How to connect a job to its heartbeat: the ping URL and a ready-made crontab line, each with a Copy button; for a
// heartbeat on a cron schedule (only servers with the `cron` extension take one) the lines that report the job's
// start, exit code and output. In a dialog rather than the row, so the virtualised rows keep one height.
import type { Heartbeat } from '../../../common/ipc/views.ts';
import { CopyableText } from '../../components/copyable-text.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { DURATION_UNITS, durationParts } from '../../format/time.ts';
import { scheduleText } from '../../format/schedule-text.ts';
import { cronScheduleOf, crontabLine, SCHEDULE_PLACEHOLDER } from './crontab-line.ts';
import { JobLines } from './job-lines.tsx';
import { PingAddressNotice } from './ping-address-notice.tsx';

/** "every day", "every 5 minutes": the interval as a sentence says it. */
function everyPhrase(seconds: number): string {
  const { amount, unit } = durationParts(seconds);
  const names = DURATION_UNITS.find((candidate) => candidate.id === unit);
  return amount === 1 ? `every ${names?.one ?? unit}` : `every ${amount} ${names?.many ?? unit}`;
}

export interface PingDetailsProps {
  heartbeat: Heartbeat;
  pingUrl: string;
  /** Its server, for the notice when that server's address changed. */
  connectionId: string | undefined;
  onClose(): void;
}

export function PingDetails({ heartbeat, pingUrl, connectionId, onClose }: PingDetailsProps) {
  const interval = heartbeat.expected_interval;
  const every = interval === undefined ? undefined : everyPhrase(interval);
  const scheduled = interval !== undefined && cronScheduleOf(interval) !== undefined;
  return (
    <Dialog title={`Ping URL for ${heartbeat.name ?? 'this heartbeat'}`} onClose={onClose} wide>
      <div className="dialog-body ping-details">
        <PingAddressNotice connectionId={connectionId} pingUrl={pingUrl} />
        {heartbeat.schedule !== undefined ? (
          <>
            <p>
              Have the job request this address when it starts and when it ends. Vigil expects it {scheduleText(heartbeat)}.
            </p>
            <CopyableText label="Ping URL" text={pingUrl} />
            <JobLines heartbeat={heartbeat} pingUrl={pingUrl} />
          </>
        ) : (
          <>
            <p>
              Have the job request this address each time it finishes.
              {every !== undefined && ` Vigil expects a ping ${every} and shows the heartbeat as late when one does not come.`}
            </p>
            <CopyableText label="Ping URL" text={pingUrl} />
            <CopyableText
              label="Crontab line"
              multiline
              text={crontabLine(pingUrl, interval)}
              hint={
                scheduled
                  ? `Runs the job ${every} and pings only when it succeeds. Replace /path/to/job with your command.`
                  : `No cron schedule runs exactly ${every ?? 'at that interval'}: replace ${SCHEDULE_PLACEHOLDER} with your job’s schedule, and /path/to/job with your command.`
              }
            />
          </>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
