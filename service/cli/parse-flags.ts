// Command-line flags through node:util's parseArgs, with its errors turned into one readable line.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { CliError } from './cli-error.ts';

export function parseFlags<Options extends ParseArgsOptionsConfig>(command: string, args: string[], options: Options) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliError(`vigil ${command}: ${(error as Error).message.replace(/\s*To specify.*$/s, '')}`);
  }
}

export function parsePort(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65_535) throw new CliError(`--port must be a number from 0 to 65535 (0 picks a free port), not "${text}"`);
  return Number(text);
}
