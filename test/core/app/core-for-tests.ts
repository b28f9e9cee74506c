// One real core (with its own embedded service) shared by the tests of a vitest file or `describe` block. Kept apart
// from core-fixture.ts, which the Playwright dashboard fixture imports too and which must therefore not import vitest.
import { afterAll, beforeAll } from 'vitest';
import { startCore, tempDirs, type CoreFixture, type Dirs } from './core-fixture.ts';

/**
 * Starts a core in local mode, its service on `serviceConfig`, before the enclosing block's `beforeAll` hooks
 * registered after this call, and stops it (removing its folders) after the block's last test. What it gives
 * stands for that core, and its folders as `dirs`, from the first hook on.
 */
export function coreForTests(serviceConfig: Record<string, unknown> = {}): CoreFixture & { readonly dirs: Dirs } {
  let started: (CoreFixture & { dirs: Dirs }) | undefined;
  let dirs: ReturnType<typeof tempDirs> | undefined;
  beforeAll(async () => {
    dirs = tempDirs(serviceConfig);
    started = { ...(await startCore(dirs)), dirs };
  });
  afterAll(async () => {
    await started?.core.stop();
    dirs?.remove();
  });
  // Every property is read from the started core when it is used, so the file can name the core before it starts.
  return new Proxy({} as CoreFixture & { dirs: Dirs }, {
    get(_unstarted, property) {
      if (started === undefined) throw new Error('the core starts before the first hook: use it inside a hook or test');
      return Reflect.get(started, property);
    },
  });
}
