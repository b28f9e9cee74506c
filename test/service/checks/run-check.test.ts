import { describe, expect, it } from 'vitest';
import type { CheckTarget } from '../../../service/checks/check-result.ts';
import { runCheck } from '../../../service/checks/run-check.ts';
import { startDnsResolver } from '../../helpers/dns-resolver.ts';
import { startHttpTarget, startTcpTarget, startUdpEchoTarget } from '../../helpers/local-targets.ts';
import { startedForTests } from '../../helpers/started-for-tests.ts';

describe('runCheck', () => {
  const web = startedForTests(startHttpTarget);
  const tcp = startedForTests(startTcpTarget);
  const udp = startedForTests(startUdpEchoTarget);
  const resolver = startedForTests(() => startDnsResolver({ 'example.com': { A: ['192.0.2.7'] } }));

  it('dispatches each type to its check', async () => {
    const targets: CheckTarget[] = [
      { type: 'http', url: web.current.url },
      { type: 'tcp', url: tcp.current.hostPort },
      { type: 'udp', url: udp.current.hostPort },
      { type: 'ping', url: '127.0.0.1' },
      { type: 'dns', url: 'example.com', dns: { record: 'A', expect: '192.0.2.7', resolver: resolver.current.address } },
    ];
    const results = await Promise.all(targets.map((target) => runCheck(target, { timeoutMs: 3_000 })));
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true, true]);
  });

  it('hands a dns check its lookup, and fails one without it rather than guess', async () => {
    const aaaa = await runCheck({ type: 'dns', url: 'example.com', dns: { record: 'AAAA', resolver: resolver.current.address } }, { timeoutMs: 3_000 });
    expect(aaaa).toEqual({ ok: false, durationMs: expect.any(Number), error: 'no AAAA record for example.com' });
    expect(await runCheck({ type: 'dns', url: 'example.com' })).toEqual({ ok: false, durationMs: 0, error: 'no DNS record type to look up (the monitor has no "dns")' });
  });

  it('resolves, never rejects, for a type it does not know', async () => {
    const stored = { type: 'smtp', url: 'example.com' } as unknown as CheckTarget;
    expect(await runCheck(stored)).toEqual({ ok: false, durationMs: 0, error: 'unknown check type "smtp"' });
  });
});
