// An export from a button: asks the core for the file, saves it, and says what was saved or why not. One export
// at a time per button, so a double click does not save twice.
import { useState } from 'react';
import type { ExportFile } from '../../common/ipc/history.ts';
import { callFailureOf } from '../api/call-error.ts';
import { showError, showInfo } from '../state/notices-store.ts';
import { saveFile } from './save-file.ts';

export interface ExportHandle {
  /** The export running now, by the name its button gave it. */
  running: string | undefined;
  run(name: string, make: () => Promise<ExportFile>): Promise<void>;
}

export function useExport(): ExportHandle {
  const [running, setRunning] = useState<string | undefined>();
  return {
    running,
    async run(name, make) {
      if (running !== undefined) return;
      setRunning(name);
      try {
        const file = await make();
        saveFile(file);
        showInfo(`Saved ${file.fileName}.`);
      } catch (error) {
        showError(`The ${name} was not exported: ${callFailureOf(error).message}`);
      } finally {
        setRunning(undefined);
      }
    },
  };
}
