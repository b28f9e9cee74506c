// Something the tests of one vitest `describe` block (or file) share, such as a local target or a test service:
// started before the first of them, ended after the last. Kept apart from local-targets.ts, which Playwright specs
// import too and which must therefore not import vitest.
import { afterAll, beforeAll } from 'vitest';

/**
 * Starts what `start` gives before the enclosing block's later `beforeAll` hooks and ends it after its last test
 * (`end`, by default its `close()`); tests and hooks read it as `.current`.
 */
export function startedForTests<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): { readonly current: T };
export function startedForTests<T>(start: () => Promise<T>, end: (started: T) => Promise<unknown>): { readonly current: T };
export function startedForTests<T>(start: () => Promise<T>, end = (started: T) => (started as { close(): Promise<unknown> }).close()): { readonly current: T } {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started !== undefined) await end(started);
  });
  return {
    get current(): T {
      if (started === undefined) throw new Error('it starts before the first hook: read it inside a hook or test');
      return started;
    },
  };
}
