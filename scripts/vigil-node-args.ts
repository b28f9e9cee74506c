// The Node flags and entry script of `npm run vigil`, read from package.json's "vigil" script, where they are declared
// once: `npm start` becomes that command in browser mode, and the footprint benchmark measures it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function vigilNodeArgs(repoRoot: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [node, ...args] = (scripts.vigil ?? '').split(/\s+/);
  if (node !== 'node' || args.length === 0) throw new Error('package.json\'s "vigil" script is not "node … scripts/…"');
  return args;
}
