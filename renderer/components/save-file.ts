// Saves a file the core made (an export) the way a page offers a download: a Blob behind an object URL, clicked
// through an <a download>. The same works in a browser tab and in the app window, and nothing leaves the machine.
import type { ExportFile } from '../../common/ipc/history.ts';

/** Long enough for the browser to have started reading the Blob before its URL is let go. */
const revokeAfterMs = 60_000;

export function saveFile(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}
