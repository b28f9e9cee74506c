// Reads a token (or a source's API key) from stdin (never from argv, where other users could see it in the process
// list).
import { createInterface } from 'node:readline';
import { CliError } from '../../common/cli/cli-error.ts';

export interface ReadSecretOptions {
  /** What it is, in the messages: "token" (the default), "API key". */
  what?: string;
  /** It may be left out: the first line is the answer, empty included (and nothing on stdin is '' too). */
  optional?: boolean;
}

export async function readTokenFromStdin(prompt: string, options: ReadSecretOptions = {}): Promise<string> {
  const what = options.what ?? 'token';
  if (process.stdin.isTTY) process.stderr.write(prompt);
  const lines = createInterface({ input: process.stdin, terminal: false });
  let token = '';
  for await (const line of lines) {
    token = line.trim();
    if (token || options.optional === true) break;
  }
  lines.close();
  if (!token && options.optional === true) return '';
  const piped = what === 'token' ? 'vigil token' : 'printf %s "$KEY"';
  if (!token) throw new CliError(`No ${what} was given on stdin (paste it, or pipe it: \`${piped} | npm run vigil -- login …\`).`);
  if (/\s/.test(token)) throw new CliError(`A ${what} is one word with no spaces; check what was pasted.`);
  return token;
}
