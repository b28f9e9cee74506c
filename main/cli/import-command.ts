// `vigil import <file> [--dry-run] [--server NAME | --base-url URL]`: a configuration file (docs/client.md) into the
// server, the same import as the window's: what is already there is skipped, a dry run creates nothing, the first
// refusal stops it. One line per item (and an indented one saying what of it the server does not keep, or a new
// heartbeat's ping URL); exit 0, or 1 when the server refused one (nothing after it was sent). With more than one
// enabled server, --server says which. `--from-server NAME` in place of the file copies a saved server's or source's
// monitors and heartbeats instead ("Copy to This computer"), read from it now.
import { readFile } from 'node:fs/promises';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import type { ImportReport } from '../../common/ipc/history.ts';
import type { Logger } from '../../common/logger.ts';
import { copyConfiguration, importConfiguration, type CopiedFrom } from '../core/configuration/import-configuration.ts';
import { keptFieldsOfServer } from '../core/app/kept-fields.ts';
import { CliEnvironment } from './cli-environment.ts';
import { serverChoiceFlags, type Target } from './server-choice.ts';
import { connectTo, refuseReadOnly, unreachable } from './server-connection.ts';
import { splitArguments } from './command-args.ts';

const spec = { ...serverChoiceFlags, 'dry-run': { type: 'boolean' }, 'from-server': { type: 'string' } } as const;
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
    ...report.created.map(
      ({ kind, name, target, notKept, pingUrl }) =>
        `${made} ${kind} "${name}"${target === undefined ? '' : ` (${target})`}${notKept === undefined ? '' : `\n  ${notKept}`}${pingUrl === undefined ? '' : `\n  Its job pings ${pingUrl} from now on.`}`,
    ),
    ...report.skipped.map(({ kind, name, reason }) => `Skipped ${kind} "${name}": ${reason}`),
  ];
  if (report.failed !== undefined) {
    const { kind, name, message } = report.failed;
    lines.push(`Stopped at ${kind} "${name}": ${connectionName} refused it: ${message.replace(/[.!]+$/, '')}. Nothing after it was sent.`);
  }
  lines.push(`${report.dryRun ? 'Dry run: nothing was changed; ' : ''}${report.created.length} ${report.dryRun ? 'to create' : 'created'}, ${report.skipped.length} skipped.`);
  return lines.join('\n');
}

/** The saved server or source named by --from-server, read now: a source's items, a Vigil server's client. */
async function copiedFrom(environment: CliEnvironment, name: string, into: Target): Promise<CopiedFrom> {
  const from = environment.oneServer({ server: name }, 'import');
  if (from.connection !== undefined && from.connection.id === into.connection?.id) throw new CliError(`--from-server and --server both name ${from.name}: its items are on it already.`);
  const server = await connectTo(environment, from);
  if (server.source === undefined) return { kind: 'vigil', client: server.client, kept: from.connection === undefined ? undefined : keptFieldsOfServer(environment.settings, from.connection.id) };
  try {
    return { kind: server.source.adapter.kind, items: (await server.source.snapshot(server.token)).sourceItems ?? [] };
  } catch (error) {
    throw unreachable(from, error);
  }
}

export async function importCommand(args: string[], logger: Logger): Promise<number> {
  const { words, options } = splitArguments('import', args, spec, args.includes('--from-server') ? [] : ['file']);
  const flags = parseFlags('import', options, spec);
  const environment = new CliEnvironment(logger);
  const fromName = flags['from-server'];
  const text = fromName === undefined ? await readConfiguration(words[0] ?? '') : undefined;
  const chosen = environment.oneServer(flags, 'import');
  refuseReadOnly(chosen, 'import');
  const { target, client } = await connectTo(environment, chosen);
  const importing = { dryRun: flags['dry-run'] === true, kept: target.connection === undefined ? undefined : keptFieldsOfServer(environment.settings, target.connection.id) };
  const imported = text !== undefined ? importConfiguration(client, text, importing) : copyConfiguration(await copiedFrom(environment, fromName ?? '', target), client, importing, Date.now());
  const outcome = await imported.catch((error: unknown) => {
    throw unreachable(target, error);
  });
  if (!outcome.ok) throw new CliError(outcome.message, 1);
  process.stdout.write(`${formatImportReport(outcome.report, target.name)}\n`);
  return outcome.report.failed === undefined ? 0 : 1;
}
