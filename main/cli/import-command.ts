// `vigil import <file> [--dry-run] [--server NAME | --base-url URL]`: a configuration file (docs/client.md) into the
// server, the same import as the window's: what is already there is skipped, a dry run creates nothing, the first
// refusal stops it. One line per item (and an indented one saying what of it the server does not keep); exit 0, or 1 when the server refused one (nothing after it was sent). With
// more than one enabled server, --server says which.
import { readFile } from 'node:fs/promises';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import type { ImportReport } from '../../common/ipc/history.ts';
import type { Logger } from '../../common/logger.ts';
import { importConfiguration } from '../core/configuration/import-configuration.ts';
import { keptFieldsOfServer } from '../core/app/kept-fields.ts';
import { CliEnvironment } from './cli-environment.ts';
import { serverChoiceFlags } from './server-choice.ts';
import { connectTo, refuseReadOnly, unreachable } from './server-connection.ts';
import { splitArguments } from './command-args.ts';

const spec = { ...serverChoiceFlags, 'dry-run': { type: 'boolean' } } as const;
/** The window's limit on a configuration (contract-arguments.ts): 50,000 monitors fit. */
const maxFileBytes = 8 * 1024 * 1024;

async function readConfiguration(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`Cannot read ${file}: ${code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message}.`, 1);
  }
  if (Buffer.byteLength(text) > maxFileBytes) throw new CliError(`${file} is larger than 8 MiB, more than any configuration Vigil exports.`, 1);
  return text;
}

function formatImportReport(report: ImportReport, connectionName: string): string {
  const made = report.dryRun ? 'Would create' : 'Created';
  const lines = [
    ...report.created.map(({ kind, name, target, notKept }) => `${made} ${kind} "${name}"${target === undefined ? '' : ` (${target})`}${notKept === undefined ? '' : `\n  ${notKept}`}`),
    ...report.skipped.map(({ kind, name, reason }) => `Skipped ${kind} "${name}": ${reason}`),
  ];
  if (report.failed !== undefined) {
    const { kind, name, message } = report.failed;
    lines.push(`Stopped at ${kind} "${name}": ${connectionName} refused it: ${message.replace(/[.!]+$/, '')}. Nothing after it was sent.`);
  }
  lines.push(`${report.dryRun ? 'Dry run: nothing was changed; ' : ''}${report.created.length} ${report.dryRun ? 'to create' : 'created'}, ${report.skipped.length} skipped.`);
  return lines.join('\n');
}

export async function importCommand(args: string[], logger: Logger): Promise<number> {
  const { words, options } = splitArguments('import', args, spec, ['file']);
  const flags = parseFlags('import', options, spec);
  const text = await readConfiguration(words[0] ?? '');
  const environment = new CliEnvironment(logger);
  const chosen = environment.oneServer(flags, 'import');
  refuseReadOnly(chosen, 'import');
  const { target, client } = await connectTo(environment, chosen);
  const outcome = await importConfiguration(client, text, { dryRun: flags['dry-run'] === true, kept: target.connection === undefined ? undefined : keptFieldsOfServer(environment.settings, target.connection.id) }).catch((error: unknown) => {
    throw unreachable(target, error);
  });
  if (!outcome.ok) throw new CliError(outcome.message, 1);
  process.stdout.write(`${formatImportReport(outcome.report, target.name)}\n`);
  return outcome.report.failed === undefined ? 0 : 1;
}
