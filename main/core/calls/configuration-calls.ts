// The contract's "your data out and in": one server's whole configuration as one file, and such a file imported
// into a server (the same module as `vigil export` and `vigil import`).
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { keptFieldsOfServer } from '../app/kept-fields.ts';
import { configurationExportFile, exportConfiguration } from '../configuration/export-configuration.ts';
import { importConfiguration } from '../configuration/import-configuration.ts';
import { VigilCoreError } from './call-error.ts';

export function configurationCalls(runtime: CoreRuntime) {
  return {
    async exportConfiguration(connectionId) {
      return configurationExportFile(await exportConfiguration(runtime.client(connectionId), runtime.clock.now(), keptFieldsOfServer(runtime.settings, connectionId)));
    },

    async importConfiguration(connectionId, text, { dryRun }) {
      const outcome = await importConfiguration(runtime.client(connectionId), text, { dryRun, kept: keptFieldsOfServer(runtime.settings, connectionId) });
      if (!outcome.ok) throw new VigilCoreError(outcome.message, { details: [{ field: '1', message: outcome.message }] });
      // What was made shows in the status at once.
      if (outcome.report.created.length > 0 && !dryRun) runtime.refreshSoon(connectionId);
      return outcome.report;
    },
  } satisfies Partial<CoreCalls>;
}
