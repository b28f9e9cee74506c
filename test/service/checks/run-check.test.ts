import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckTarget } from '../../../service/checks/check-result.ts';
import { runCheck } from '../../../service/checks/run-check.ts';
import { startHttpTarget, startTcpTarget, startUdpEchoTarget, type HttpTarget, type TcpTarget, type UdpTarget } from '../../helpers/local-targets.ts';

describe('runCheck', () => {
  let web: HttpTarget;
  let tcp: TcpTarget;
  let udp: UdpTarget;
  beforeAll(async () => {
    [web, tcp, udp] = await Promise.all([startHttpTarget(), startTcpTarget(), startUdpEchoTarget()]);
  });
  afterAll(async () => {
    await Promise.all([web.close(), tcp.close(), udp.close()]);
  });

  it('dispatches each type to its check', async () => {
    const targets: CheckTarget[] = [
      { type: 'http', url: web.url },
      { type: 'tcp', url: tcp.hostPort },
      { type: 'udp', url: udp.hostPort },
      { type: 'ping', url: '127.0.0.1' },
    ];
    const results = await Promise.all(targets.map((target) => runCheck(target, { timeoutMs: 3_000 })));
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true]);
  });

  it('resolves, never rejects, for a type it does not know', async () => {
    const stored = { type: 'dns', url: 'example.com' } as unknown as CheckTarget;
    expect(await runCheck(stored)).toEqual({ ok: false, durationMs: 0, error: 'unknown check type "dns"' });
  });
});
