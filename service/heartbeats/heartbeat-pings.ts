// What a ping says and what it does to its heartbeat: `<ping_url>` and `<ping_url>/0` are a success,
// `<ping_url>/start` begins a run, `<ping_url>/fail` and `<ping_url>/1`…`/255` are a failure. A run's duration is
// from its start to its end; the first 10 KB of a ping's body is kept as its run's log.
import type { RunLog } from '../storage/heartbeat-run-store.ts';
import type { HeartbeatRecord, HeartbeatStore } from '../storage/heartbeat-store.ts';
import { nextExpectedAfter } from '../../common/schedule/heartbeat-deadline.ts';

export type PingSignal = { kind: 'start' } | { kind: 'success'; exitCode: 0 | undefined } | { kind: 'fail'; exitCode: number | undefined };

/** The log kept of one ping's body, in bytes of UTF-8. */
export const maxLogBytes = 10 * 1024;

export const exitCodeHint = 'Use <ping_url> for a success, <ping_url>/start when the job begins, <ping_url>/fail when it fails, or <ping_url>/<code> with an exit code from 0 to 255.';

/** The signal a ping URL's last segment gives (none: a success), or undefined when it is none of them. */
export function pingSignalOf(suffix: string | undefined): PingSignal | undefined {
  if (suffix === undefined) return { kind: 'success', exitCode: undefined };
  if (suffix === 'start') return { kind: 'start' };
  if (suffix === 'fail') return { kind: 'fail', exitCode: undefined };
  if (!/^\d{1,3}$/.test(suffix)) return undefined;
  const code = Number(suffix);
  if (code > 255) return undefined;
  return code === 0 ? { kind: 'success', exitCode: 0 } : { kind: 'fail', exitCode: code };
}

/** The first 10 KB of a body as text; a character cut in half at the end is left out, not garbled. */
export function runLogOf(body: Uint8Array | undefined): RunLog | undefined {
  if (body === undefined || body.length === 0) return undefined;
  const kept = body.subarray(0, maxLogBytes);
  // `stream: true` holds back an incomplete last character instead of writing U+FFFD for it.
  const text = new TextDecoder('utf-8').decode(kept, { stream: true });
  return { text, truncated: body.length > maxLogBytes };
}

/**
 * Records a ping on the heartbeat with this slug, and its run, together; answers the heartbeat as the ping left it,
 * or undefined when no heartbeat has the slug.
 */
export function receivePing(heartbeats: HeartbeatStore, slug: string, signal: PingSignal, at: number, body: Uint8Array | undefined): HeartbeatRecord | undefined {
  const { runs } = heartbeats;
  const log = runLogOf(body);
  return heartbeats.transaction(() => {
    const found = heartbeats.bySlug(slug);
    if (found === undefined) return undefined;
    if (signal.kind === 'start') {
      runs.start(found.seq, at, log);
      return heartbeats.applyPing(found.seq, { kind: 'start', at });
    }
    const outcome = signal.kind === 'success' ? 'success' : 'failed';
    const run = runs.end(found.seq, at, outcome, signal.exitCode, log);
    return heartbeats.applyPing(found.seq, {
      kind: 'end',
      at,
      outcome,
      exitCode: signal.exitCode,
      durationMs: run.startedAt === undefined ? undefined : Math.max(0, at - run.startedAt),
      nextExpectedAt: outcome === 'success' ? nextExpectedAfter(found, at) : undefined,
    });
  });
}
