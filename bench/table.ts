// Prints benchmark figures as an aligned table, each row with its target and whether it was met.
export interface BenchRow {
  measure: string;
  value: string;
  target?: string;
  met?: boolean;
}

export function printTable(title: string, rows: BenchRow[]): void {
  const header = { measure: 'measure', value: 'value', target: 'target', met: 'met' };
  const cells = [header, ...rows.map((r) => ({ measure: r.measure, value: r.value, target: r.target ?? '', met: r.met === undefined ? '' : r.met ? 'yes' : 'NO' }))];
  const width = (key: keyof typeof header) => Math.max(...cells.map((c) => c[key].length));
  const line = (c: (typeof cells)[number]) =>
    `| ${c.measure.padEnd(width('measure'))} | ${c.value.padStart(width('value'))} | ${c.target.padEnd(width('target'))} | ${c.met.padEnd(width('met'))} |`;
  console.log(`\n${title}\n`);
  console.log(line(cells[0] ?? header));
  console.log(`|${['measure', 'value', 'target', 'met'].map((k) => '-'.repeat(width(k as keyof typeof header) + 2)).join('|')}|`);
  for (const c of cells.slice(1)) console.log(line(c));
}
