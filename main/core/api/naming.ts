// Who and what an error message names. The API client says "the server" and "the access token"; a source says its own
// words ("Uptime Kuma", "the API key"; main/core/sources/source-request.ts), so one HTTP exchange (http-request.ts)
// and one wording of its failures (status-error.ts) serve both.

export interface Naming {
  /** Who answers, as named inside a sentence: "the server", "Uptime Kuma", "the status page". */
  server: string;
  /** Where it is, for "Could not reach …": "the server at vigil.example", "Uptime Kuma at kuma.example.com". */
  serverAt: string;
  /** What the credential is called inside a sentence ("the access token", "the API key"); undefined when none is sent. */
  credential: string | undefined;
  /**
   * Whether a 403 is the credential itself refused (a source's read key without the right) rather than one request
   * refused (the API's per-request permissions).
   */
  forbiddenRefusesCredential: boolean;
}

/** The API client's words, where no address is needed (the wording of an HTTP status, status-error.ts). */
export const apiWords: Omit<Naming, 'serverAt'> = { server: 'the server', credential: 'the access token', forbiddenRefusesCredential: false };

/** The API client's words, for the server at `base`. */
export function apiNaming(base: string): Naming {
  return { ...apiWords, serverAt: `the server at ${new URL(base).host}` };
}

/** "the server" → "The server"; a proper name stays as it is. */
export function atSentenceStart(name: string): string {
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** "the server's", "Healthchecks'". */
export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}
