// Shared pieces of the client tests: a token to look for, and an assertion that a call failed the way it should
// without leaking the token.
import { expect } from 'vitest';
import { MonitoringClientError } from '../../../main/core/api/index.ts';
import type { ClientErrorInfo, ClientErrorKind } from '../../../main/core/model/snapshot.ts';

/** Shaped like a JWT, so a leak is easy to spot. */
export const testToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2aWdpbC10ZXN0In0.bm90LWEtcmVhbC1zaWduYXR1cmU';

/** The call rejected with a MonitoringClientError of this kind; the token is nowhere in it. */
export async function expectFailure(call: Promise<unknown>, kind: ClientErrorKind, token = testToken): Promise<ClientErrorInfo> {
  const error: unknown = await call.then(
    (value) => {
      throw new Error(`expected a ${kind} failure, got ${JSON.stringify(value).slice(0, 200)}`);
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MonitoringClientError);
  const { info } = error as MonitoringClientError;
  expect(info.kind, info.message).toBe(kind);
  expect(info.message).toMatch(/^[^\n]+[.]$/);
  expect(JSON.stringify(info)).not.toContain(token);
  expect((error as Error).message).toBe(info.message);
  return info;
}

/** Waits for a condition that follows an event on another socket: up to 10 s, for a loaded machine. */
export async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(condition(), what).toBe(true);
}
