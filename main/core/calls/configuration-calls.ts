// The contract's "your data out and in": one server's whole configuration as one file, such a file imported into a
// server, and one connection (a source too) copied into another (the same module as `vigil export` and `vigil import`).
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { keptFieldsOfServer } from '../app/kept-fields.ts';
import { configurationExportFile, exportConfiguration } from '../configuration/export-configuration.ts';
import { copyConfiguration, importConfiguration, type CopiedFrom } from '../configuration/import-configuration.ts';
import { isReadOnlySource } from '../../../common/ipc/connection-kinds.ts';
import type { ImportReport } from '../../../common/ipc/history.ts';
import { VigilCoreError } from './call-error.ts';

export function configurationCalls(runtime: CoreRuntime) {
  function imported(connectionId: string, report: ImportReport): ImportReport {
    // What was made shows in the status at once.
    if (report.created.length > 0 && !report.dryRun) runtime.refreshSoon(connectionId);
    return report;
  }

  /** A source as its latest poll read it; a Vigil server as its export. */
  function copiedFrom(connectionId: string): CopiedFrom {
    const session = runtime.session(connectionId);
    const { sourceKind } = session.connection;
    if (!isReadOnlySource(sourceKind)) return { kind: 'vigil', client: runtime.client(connectionId), kept: keptFieldsOfServer(runtime.settings, connectionId) };
    const items = session.lastSnapshot?.sourceItems;
    if (items === undefined) throw new VigilCoreError(`${session.connection.name} has not been read yet: wait for its first answer, then copy.`);
    return { kind: sourceKind, items };
  }

  return {
    async exportConfiguration(connectionId) {
      return configurationExportFile(await exportConfiguration(runtime.client(connectionId), runtime.clock.now(), keptFieldsOfServer(runtime.settings, connectionId)));
    },

    async importConfiguration(connectionId, text, { dryRun }) {
      const outcome = await importConfiguration(runtime.client(connectionId), text, { dryRun, kept: keptFieldsOfServer(runtime.settings, connectionId) });
      if (!outcome.ok) throw new VigilCoreError(outcome.message, { details: [{ field: '1', message: outcome.message }] });
      return imported(connectionId, outcome.report);
    },

    async copyConfiguration(fromId, intoId, { dryRun }) {
      if (fromId === intoId) throw new VigilCoreError('Choose another server to copy into: these items are on this one already.');
      const into = runtime.client(intoId);
      const outcome = await copyConfiguration(copiedFrom(fromId), into, { dryRun, kept: keptFieldsOfServer(runtime.settings, intoId) }, runtime.clock.now());
      if (!outcome.ok) throw new VigilCoreError(outcome.message);
      return imported(intoId, outcome.report);
    },
  } satisfies Partial<CoreCalls>;
}
