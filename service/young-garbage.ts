// Keeps a check's short-lived objects in V8's young generation, where collecting them costs next to nothing.
//
// V8 allocates an allocation site's objects straight into the old generation ("pretenuring") once it sees most of
// them outlive a young collection, and it never takes that decision back. A moment with many checks in flight at once
// is enough to trip it for Node's http client: a service's start (every monitor's first check within seconds), a
// hundred checks hanging until their timeout. From then on every check's socket, request, response and listeners
// (about 9 KB) went to the old generation, to be marked and swept by the full collector every few seconds: measured
// with 10,000 monitors at 30 s, 3 MB a second promoted and about a quarter of the CPU each check cost. A check lives
// for milliseconds, so in the young generation nearly all of it is simply never copied.
import { setFlagsFromString } from 'node:v8';

/** Once, before the checks start: decisions are taken from the first collections on. */
export function keepShortLivedObjectsYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
