// Command-line flags for Vigil's commands: `--name value`, `--name=value` and boolean `--name`. Strict: an
// unknown flag or a stray argument is a CliError naming it, so a typo never silently changes what runs.
import { CliError } from './cli-error.ts';

export type FlagSpec = Record<string, { type: 'string' | 'boolean' }>;

export type Flags<Spec extends FlagSpec> = {
  [Name in keyof Spec]?: Spec[Name]['type'] extends 'boolean' ? boolean : string;
};

export function parseFlags<Spec extends FlagSpec>(command: string, args: readonly string[], spec: Spec): Flags<Spec> {
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!match?.[1]) throw new CliError(`vigil ${command}: unexpected argument "${arg}"`);
    const [, name, inline] = match;
    const kind = spec[name]?.type;
    if (!kind) throw new CliError(`vigil ${command}: unknown option "--${name}"`);
    if (kind === 'boolean') {
      if (inline !== undefined) throw new CliError(`vigil ${command}: --${name} takes no value`);
      flags[name] = true;
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new CliError(`vigil ${command}: --${name} needs a value`);
    flags[name] = value;
  }
  return flags as Flags<Spec>;
}

export function parsePort(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65_535) throw new CliError(`--port must be a number from 0 to 65535 (0 picks a free port), not "${text}"`);
  return Number(text);
}
