// The small JSONPath subset a monitor's `expect.json` paths are written in (docs/api-decisions.md §16): `$`, then
// any number of `.name`, `['name']` / `["name"]` and `[index]` steps. Hand-written rather than a library: full
// JSONPath engines also evaluate filters and script expressions, which a form field must never run.

/** One step down from a value: an object member by name, or an array element by index (0 is the first). */
export type JsonPathStep = { name: string } | { index: number };

export type JsonPathParse = { ok: true; steps: JsonPathStep[] } | { ok: false; message: string };

/** The value found, or `found: false` when a step leads nowhere. */
export type JsonPathLookup = { found: true; value: unknown } | { found: false };

export const JSON_PATH_MAX_LENGTH = 200;

const DOT_NAME = /^[A-Za-z_$][\w$-]*/;
const INDEX = /^(?:0|[1-9]\d{0,8})\]/;
const SYNTAX = 'must be a path like $.status, $.checks[0].name or $[\'key with spaces\']';

/** A quoted name after `[`: `'…'` or `"…"`, where a backslash makes the next character literal. */
function quotedName(text: string, start: number): { name: string; end: number } | undefined {
  const quote = text[start];
  let name = '';
  for (let at = start + 1; at < text.length; at += 1) {
    const char = text[at];
    if (char === '\\') {
      at += 1;
      if (at >= text.length) return undefined;
      name += text[at];
    } else if (char === quote) {
      return text[at + 1] === ']' ? { name, end: at + 2 } : undefined;
    } else {
      name += char;
    }
  }
  return undefined;
}

export function parseJsonPath(path: string): JsonPathParse {
  if (path.length > JSON_PATH_MAX_LENGTH) return { ok: false, message: `must be at most ${JSON_PATH_MAX_LENGTH} characters` };
  if (!path.startsWith('$')) return { ok: false, message: `must start with $ (the whole body), like $.status` };
  const steps: JsonPathStep[] = [];
  let at = 1;
  while (at < path.length) {
    const rest = path.slice(at);
    if (rest.startsWith('.')) {
      const name = DOT_NAME.exec(rest.slice(1))?.[0];
      if (name === undefined) return { ok: false, message: SYNTAX };
      steps.push({ name });
      at += 1 + name.length;
    } else if (rest.startsWith("['") || rest.startsWith('["')) {
      const quoted = quotedName(path, at + 1);
      if (quoted === undefined) return { ok: false, message: SYNTAX };
      steps.push({ name: quoted.name });
      at = quoted.end;
    } else if (rest.startsWith('[')) {
      const index = INDEX.exec(rest.slice(1))?.[0];
      if (index === undefined) return { ok: false, message: `${SYNTAX}; an index is a whole number from 0` };
      steps.push({ index: Number(index.slice(0, -1)) });
      at += 1 + index.length;
    } else {
      return { ok: false, message: SYNTAX };
    }
  }
  return { ok: true, steps };
}

/** Follows the steps through parsed JSON; a member of an array or an index into an object is not found. */
export function lookUpJsonPath(document: unknown, steps: readonly JsonPathStep[]): JsonPathLookup {
  let value = document;
  for (const step of steps) {
    if ('index' in step) {
      if (!Array.isArray(value) || step.index >= value.length) return { found: false };
      value = value[step.index];
    } else {
      if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, step.name)) return { found: false };
      value = (value as Record<string, unknown>)[step.name];
    }
  }
  return { found: true, value };
}
