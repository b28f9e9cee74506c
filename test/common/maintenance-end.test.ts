// How long a monitor still down at the end of maintenance has been down, as the service's alerts, Vigil's
// notifications and `vigil watch` all say it: from the outage's start to the window's end.
import { describe, expect, it } from 'vitest';
import { lastedAtMaintenanceEndWords, outageLastedAtMaintenanceEnd, stillAfterMaintenanceTitle } from '../../common/maintenance/maintenance-end.ts';

const minute = 60_000;
const windowStart = Date.UTC(2026, 10, 28, 13, 0);
const windowEnd = windowStart + 10 * minute;

describe('outageLastedAtMaintenanceEnd', () => {
  it('counts the time before the window too, for an outage that began before it', () => {
    expect(outageLastedAtMaintenanceEnd(windowStart - 3 * minute, windowEnd)).toBe(13 * minute);
  });

  it('counts from inside the window for an outage that began there', () => {
    expect(outageLastedAtMaintenanceEnd(windowStart + 4 * minute, windowEnd)).toBe(6 * minute);
  });

  it('is never negative (a start the clocks put after the end)', () => {
    expect(outageLastedAtMaintenanceEnd(windowEnd + 1_000, windowEnd)).toBe(0);
  });
});

describe('the words', () => {
  it('say how long to the end, rounded down as elapsed time is, whenever they are written', () => {
    expect(lastedAtMaintenanceEndWords('down', windowStart - 3 * minute - 59_000, windowEnd)).toBe('down for 13 min when maintenance ended');
    expect(lastedAtMaintenanceEndWords('late', windowEnd - 2 * 3_600_000 - 5 * minute, windowEnd)).toBe('late for 2 h 5 min when maintenance ended');
    expect(lastedAtMaintenanceEndWords('down', windowEnd - 40_000, windowEnd)).toBe('down for 40 s when maintenance ended');
  });

  it('title the item by its name and state', () => {
    expect(stillAfterMaintenanceTitle('API', 'down')).toBe('API is still down after maintenance');
    expect(stillAfterMaintenanceTitle('Monitor “API”', 'down')).toBe('Monitor “API” is still down after maintenance');
  });
});
