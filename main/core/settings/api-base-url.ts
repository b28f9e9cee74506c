// The rule for a connection's base URL: the http(s) URL the API's paths are appended to.
import { parseHttpUrl } from '../../../common/api/index.ts';

const example = 'http://127.0.0.1:8731/api';

/** Undefined when the URL is acceptable, else what it must be ("must …"). */
export function apiBaseUrlProblem(text: string): string | undefined {
  const parsed = parseHttpUrl(text);
  if (!parsed.ok) return parsed.message;
  if (text.includes('?')) return `must not have a query (?…): it ends at the API prefix, e.g. ${example}`;
  if (text.includes('#')) return `must not have a fragment (#…): it ends at the API prefix, e.g. ${example}`;
  if (!URL.canParse(text)) return `must be a valid URL, e.g. ${example}`;
  return undefined;
}

/** `http://host/api/` and `http://host/api` mean the same base; the stored form has no trailing slash. */
export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
