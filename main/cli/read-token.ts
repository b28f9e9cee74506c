// Reads a token from stdin (never from argv, where other users could see it in the process list).
import { createInterface } from 'node:readline';
import { CliError } from '../../common/cli/cli-error.ts';

export async function readTokenFromStdin(prompt: string): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write(prompt);
  const lines = createInterface({ input: process.stdin, terminal: false });
  let token = '';
  for await (const line of lines) {
    token = line.trim();
    if (token) break;
  }
  lines.close();
  if (!token) throw new CliError('No token was given on stdin (paste it, or pipe it: `vigil token | npm run vigil -- login …`).');
  if (/\s/.test(token)) throw new CliError('A token is one word with no spaces; check what was pasted.');
  return token;
}
