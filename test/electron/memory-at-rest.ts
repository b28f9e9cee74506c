// The desktop app's memory at rest, as the release workflow's smoke test records it (smoke.spec.ts): every process
// Electron reports in app.getAppMetrics() — the main process, the GPU and network processes, the local service
// (forked as a utility process, so Electron counts it with the rest) and any renderer — summed against the budget
// of issue 23. Plain data in, markdown out, so the table and the verdict are unit-tested here without Electron.
import { localServiceProcessName } from '../../main/electron/local-service/service-process.ts';

/** What the app may take at rest, all its processes together. */
export const atRestBudgetMb = 250;

/** One process, as read from a ProcessMetric. */
export interface ProcessMemory {
  /** ProcessMetric.type: Browser (the main process), Tab, Utility, GPU, Zygote, … */
  type: string;
  /** ProcessMetric.name, given for utility processes: "Network Service", "Vigil local service". */
  name: string | undefined;
  pid: number;
  /** ProcessMetric.memory.workingSetSize, which Electron reports in kilobytes. */
  workingSetKb: number;
}

export interface MemoryAtRest {
  processes: readonly ProcessMemory[];
  totalMb: number;
  withinBudget: boolean;
  /** Whether the local service is among the processes counted (it runs in local mode, the first start's). */
  countsLocalService: boolean;
  /** The figures as a markdown table, for the workflow's summary and the test's output. */
  table: string;
}

const megabytes = (kilobytes: number) => kilobytes / 1024;
const formatMb = (mb: number) => `${mb.toFixed(1)} MB`;

export function memoryAtRest(processes: readonly ProcessMemory[], where: string): MemoryAtRest {
  const totalMb = megabytes(processes.reduce((sum, process) => sum + process.workingSetKb, 0));
  const withinBudget = totalMb <= atRestBudgetMb;
  const largestFirst = [...processes].sort((a, b) => b.workingSetKb - a.workingSetKb);
  const table = [
    `### Vigil at rest on ${where}: the tray alone, window closed, after 60 s`,
    '',
    '| process | pid | working set |',
    '|---|---:|---:|',
    ...largestFirst.map((process) => `| ${process.name === undefined ? process.type : `${process.type}: ${process.name}`} | ${process.pid} | ${formatMb(megabytes(process.workingSetKb))} |`),
    `| **total** (budget ${atRestBudgetMb} MB) | | **${formatMb(totalMb)}** ${withinBudget ? '✅' : '❌ over budget'} |`,
  ].join('\n');
  const countsLocalService = processes.some((process) => process.type === 'Utility' && process.name === localServiceProcessName);
  return { processes, totalMb, withinBudget, countsLocalService, table };
}
