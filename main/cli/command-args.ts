// A command's words that are not options (`vigil history API`, `vigil import file.json`), told apart from its options
// before these go to parseFlags, which refuses anything it does not know.
import { CliError } from '../../common/cli/cli-error.ts';
import type { FlagSpec } from '../../common/cli/parse-flags.ts';

/** `names`: the words the command takes, in order (all of them required). */
export function splitArguments(command: string, args: readonly string[], spec: FlagSpec, names: readonly string[]): { words: string[]; options: string[] } {
  const words: string[] = [];
  const options: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    options.push(arg);
    const name = /^--([a-z][a-z0-9-]*)$/.exec(arg)?.[1];
    // A string option's value is the next argument, whatever it looks like.
    if (name !== undefined && spec[name]?.type === 'string' && i + 1 < args.length) options.push(args[++i] ?? '');
  }
  if (words.length !== names.length) {
    const usage = names.map((name) => `<${name}>`).join(' ');
    throw new CliError(words.length < names.length ? `vigil ${command}: say which ${usage}` : `vigil ${command}: unexpected argument "${words[names.length] ?? ''}"`);
  }
  return { words, options };
}
