// `npm run bench -- <name>`: runs one benchmark and prints its table. Exit 1 when a target is missed.
const benches: Record<string, () => Promise<boolean>> = {
  service: async () => (await import('./service-bench.ts')).serviceBench(),
  checks: async () => (await import('./checks-bench.ts')).checksBench(),
  'history-size': async () => (await import('./history-size-bench.ts')).historySizeBench(),
  client: async () => (await import('./client-bench.ts')).clientBench(),
  renderer: async () => (await import('./renderer-bench.ts')).rendererBench(),
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in benches));
if (names.length === 0 || unknown.length > 0) {
  console.error(`Usage: npm run bench -- <${Object.keys(benches).join('|')}>${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
  process.exit(2);
}
let allMet = true;
for (const name of names) allMet = (await benches[name]?.()) !== false && allMet;
process.exit(allMet ? 0 : 1);
