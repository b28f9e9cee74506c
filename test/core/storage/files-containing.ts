// Every file under a folder whose bytes contain the text, to prove a secret never reached the disk.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function filesContaining(folder: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file).includes(needle));
}
