// `npm run bench -- <name> [options]`: runs one benchmark and prints its table. Exit 1 when a target is missed.
// Options (`--name value`) go to the benchmarks that take them: `soak --minutes 20`, `footprint --minutes 1`.
const benches: Record<string, (options: readonly string[]) => Promise<boolean>> = {
  service: async () => (await import('./service-bench.ts')).serviceBench(),
  checks: async () => (await import('./checks-bench.ts')).checksBench(),
  'history-size': async () => (await import('./history-size-bench.ts')).historySizeBench(),
  client: async () => (await import('./client-bench.ts')).clientBench(),
  renderer: async () => (await import('./renderer-bench.ts')).rendererBench(),
  soak: async (options) => (await import('./soak-bench.ts')).soakBench(options),
  footprint: async (options) => (await import('./footprint-bench.ts')).footprintBench(options),
  sources: async () => (await import('./sources-bench.ts')).sourcesBench(),
};

const args = process.argv.slice(2);
const names: string[] = [];
const options: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i] ?? '';
  if (arg.startsWith('--')) options.push(arg, args[++i] ?? '');
  else names.push(arg);
}
const unknown = names.filter((name) => !(name in benches));
if (names.length === 0 || unknown.length > 0) {
  console.error(`Usage: npm run bench -- <${Object.keys(benches).join('|')}> [--minutes N (soak, footprint)]${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
  process.exit(2);
}
let allMet = true;
for (const name of names) allMet = (await benches[name]?.(options)) !== false && allMet;
process.exit(allMet ? 0 : 1);
