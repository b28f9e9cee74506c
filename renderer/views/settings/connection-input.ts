// The checks the connection forms make before calling the core, with the contract's own rules (so a call never
// fails on its arguments) and messages a person can act on. The server still has the last word.
import type { FieldErrors } from '../../api/call-error.ts';

/** Tokens are pasted, often with a stray space or line break around them; inside, they are one word. */
export function tokenProblem(token: string): string | undefined {
  if (token === '') return 'must not be empty';
  if (/\s/.test(token)) return 'must be one word with no spaces';
  return undefined;
}

export function baseUrlProblem(baseUrl: string): string | undefined {
  if (baseUrl === '') return 'must not be empty';
  if (!/^https?:\/\//.test(baseUrl)) return 'must start with http:// or https://';
  return undefined;
}

export interface NewServer {
  name: string;
  baseUrl: string;
  token: string;
}

/** The fields as they are sent: surrounding spaces dropped. */
export function trimmedServer(server: NewServer): NewServer {
  return { name: server.name.trim(), baseUrl: server.baseUrl.trim(), token: server.token.trim() };
}

export function newServerErrors(server: NewServer): FieldErrors {
  const errors: Record<string, string> = {};
  if (server.name === '') errors['name'] = 'must not be empty';
  const baseUrl = baseUrlProblem(server.baseUrl);
  if (baseUrl !== undefined) errors['baseUrl'] = baseUrl;
  const token = tokenProblem(server.token);
  if (token !== undefined) errors['token'] = token;
  return errors;
}
