// Loaded into a measured process with `--import` (through NODE_OPTIONS, so the core's service child gets it too):
// counts timer callbacks, and on SIGUSR2 writes the counts and the heap's figures to `<dir>/<pid>.json`, where
// `dir` is VIGIL_FOOTPRINT_DIR. It sets no timer of its own, so it adds no wake-up to what it counts. It is plain
// JavaScript: a TypeScript file loaded before the app's entry turns its compile cache on would load Node's type
// stripper into the measured process, and with it ~12 MB that the app itself does not use.
import { createHook } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import v8 from 'node:v8';

/** Each live timer's place of creation: the first frame in Vigil's own code, so a wake-up can be traced. */
const timerSites = new Map();
const callbacksBySite = new Map();
let callbacks = 0;
/** Callbacks at least 1 ms after the previous one: timers due together run in one wake-up of the event loop. */
let wakeUps = 0;
let lastCallbackAt = -Infinity;

createHook({
  init(asyncId, type) {
    if (type === 'Timeout') timerSites.set(asyncId, creationSite());
  },
  before(asyncId) {
    const site = timerSites.get(asyncId);
    if (site === undefined) return;
    callbacks++;
    callbacksBySite.set(site, (callbacksBySite.get(site) ?? 0) + 1);
    const now = performance.now();
    if (now - lastCallbackAt >= 1) wakeUps++;
    lastCallbackAt = now;
  },
  destroy(asyncId) {
    timerSites.delete(asyncId);
  },
}).enable();

const repoUrl = `file://${path.resolve(import.meta.dirname, '..')}/`;

function creationSite() {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const frames = (new Error().stack ?? '')
    .split('\n')
    .slice(1)
    .filter((frame) => !/async_hooks|footprint-probe|node:internal\/timers|node:timers/.test(frame));
  Error.stackTraceLimit = limit;
  // The first frame in Vigil's code that is not the clock's `setTimer` (common/clock.ts, or its place in the bundle).
  const own = frames.find((frame) => frame.includes('file://') && !frame.includes('/node_modules/') && !/common\/clock\.ts|\bsetTimer\b/.test(frame));
  const site = own ?? frames.find((frame) => frame.includes('/node_modules/')) ?? `node: ${frames.slice(0, 2).join(' ').replace(/\s+/g, ' ')}`;
  return site.trim().replace(/^at /, '').replace(repoUrl, '');
}

const dir = process.env.VIGIL_FOOTPRINT_DIR;
if (dir) {
  process.on('SIGUSR2', () => {
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, [Math.round(s.space_used_size / 1024), Math.round(s.physical_space_size / 1024)]]));
    writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify({ callbacks, wakeUps, callbacksBySite: Object.fromEntries(callbacksBySite), memory: process.memoryUsage(), spacesKb: spaces }));
  });
}
