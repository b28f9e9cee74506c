import { describe, expect, it } from 'vitest';
import { atRestBudgetMb, memoryAtRest, type ProcessMemory } from './memory-at-rest.ts';

// Figures in the shape app.getAppMetrics() gives them (working sets in kilobytes).
const atRest: ProcessMemory[] = [
  { type: 'Browser', name: undefined, pid: 100, workingSetKb: 80 * 1024 },
  { type: 'GPU', name: undefined, pid: 101, workingSetKb: 40 * 1024 },
  { type: 'Utility', name: 'Network Service', pid: 102, workingSetKb: 20 * 1024 },
  { type: 'Utility', name: 'Vigil local service', pid: 103, workingSetKb: 60.5 * 1024 },
];

describe('memory at rest, as the release smoke test reports it', () => {
  it('sums every process against the budget and finds the local service among them', () => {
    const figures = memoryAtRest(atRest, 'linux');
    expect(figures.totalMb).toBe(200.5);
    expect(figures.withinBudget).toBe(true);
    expect(figures.countsLocalService).toBe(true);
  });

  it('writes a markdown table, largest first, with the total against the budget', () => {
    expect(memoryAtRest(atRest, 'linux').table).toBe(
      [
        '### Vigil at rest on linux: the tray alone, window closed, after 60 s',
        '',
        '| process | pid | working set |',
        '|---|---:|---:|',
        '| Browser | 100 | 80.0 MB |',
        '| Utility: Vigil local service | 103 | 60.5 MB |',
        '| GPU | 101 | 40.0 MB |',
        '| Utility: Network Service | 102 | 20.0 MB |',
        `| **total** (budget ${atRestBudgetMb} MB) | | **200.5 MB** ✅ |`,
      ].join('\n'),
    );
  });

  it('fails above the budget, and says so in the table', () => {
    const heavy = memoryAtRest([...atRest, { type: 'Tab', name: undefined, pid: 104, workingSetKb: 50 * 1024 }], 'win32');
    expect(heavy.totalMb).toBe(250.5);
    expect(heavy.withinBudget).toBe(false);
    expect(heavy.table).toContain('| **total** (budget 250 MB) | | **250.5 MB** ❌ over budget |');
  });

  it('notices when the local service is not among the processes counted', () => {
    expect(memoryAtRest(atRest.filter((process) => process.name !== 'Vigil local service'), 'darwin').countsLocalService).toBe(false);
  });
});
