// Judges an http answer by a monitor's expectations (docs/api-decisions.md §16). Pure: the check reads the answer,
// this says whether it will do and, when not, what was expected and what came. The reason becomes `last_error`,
// an alert and a log line, so a secret header's value an answer echoes is masked in it.
import { lookUpJsonPath, parseJsonPath, type JsonPathParse } from '../../common/api/json-path.ts';
import { DEFAULT_EXPECTED_STATUS, type MonitorExpect, type StatusExpectation } from '../../common/api/monitor-check-input.ts';
import { redactSecrets, secretValues } from '../../common/api/secret-headers.ts';
import type { HttpCheckRequest } from './check-result.ts';

/** What came back: the final status, how long until its headers, and the start of the body when it was read. */
export interface HttpAnswer {
  status: number;
  responseMs: number;
  /** Decoded as UTF-8; undefined when no expectation needs it. */
  body?: string | undefined;
  /** The body went on past what was read. */
  bodyCut?: boolean | undefined;
}

/** How much of a body is read for body and json expectations; a health answer is far smaller. */
export const MAX_EXPECTED_BODY_BYTES = 1024 * 1024;

/** A value quoted in a reason: enough to recognise it, little of an answer that may hold private data. */
const MAX_SHOWN = 40;
/** Every failed check keeps its reason in the history: twenty unmet paths must not make each one kilobytes. */
const MAX_REASON = 500;

export function needsBody(expect: MonitorExpect | undefined): boolean {
  return expect !== undefined && (expect.body_contains !== undefined || expect.body_not_contains !== undefined || (expect.json?.length ?? 0) > 0);
}

function statusMatches(status: number, expected: StatusExpectation): boolean {
  return typeof expected === 'number' ? status === expected : Math.floor(status / 100) === Number(expected[0]);
}

/** "200, 204 or 3xx" */
function listed(expected: readonly StatusExpectation[]): string {
  const words = expected.map(String);
  return words.length === 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`;
}

/** JSON text of a value, secrets masked before it is cut (a cut secret would no longer be found), cut to a readable length. */
function shown(value: unknown, secrets: readonly string[]): string {
  const text = redactSecrets(JSON.stringify(value) ?? 'undefined', secrets);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  const aKeys = Object.keys(a);
  const bObject = b as Record<string, unknown>;
  return aKeys.length === Object.keys(b).length && aKeys.every((key) => Object.hasOwn(bObject, key) && jsonEqual((a as Record<string, unknown>)[key], bObject[key]));
}

function statusProblem(status: number, expect: MonitorExpect | undefined): string | undefined {
  const expected = expect?.status;
  // Without its own list a monitor fails as it always has, on the bare status.
  if (expected === undefined) return DEFAULT_EXPECTED_STATUS.some((entry) => statusMatches(status, entry)) ? undefined : `HTTP ${status}`;
  return expected.some((entry) => statusMatches(status, entry)) ? undefined : `HTTP ${status}, expected ${listed(expected)}`;
}

type JsonExpectation = NonNullable<MonitorExpect['json']>[number];

/**
 * Each expectation's path as parsed, kept with the expectation itself (a monitor's, for as long as it is not
 * edited): the same few paths are judged at every check, so they are parsed once, not every 30 s for each monitor.
 */
const parsedPaths = new WeakMap<JsonExpectation, JsonPathParse>();

function parsedPathOf(expectation: JsonExpectation): JsonPathParse {
  let parsed = parsedPaths.get(expectation);
  if (parsed === undefined) parsedPaths.set(expectation, (parsed = parseJsonPath(expectation.path)));
  return parsed;
}

function jsonProblems(answer: HttpAnswer, expectations: readonly JsonExpectation[], secrets: readonly string[]): string[] {
  if (expectations.length === 0) return [];
  const paths = () => expectations.map((entry) => entry.path).join(', ');
  if (answer.bodyCut) return [`body is larger than ${MAX_EXPECTED_BODY_BYTES / 1024 / 1024} MB, too large to read ${paths()}`];
  let document: unknown;
  try {
    document = JSON.parse(answer.body ?? '');
  } catch {
    return [`body is not JSON, expected ${paths()}`];
  }
  const problems: string[] = [];
  for (const expectation of expectations) {
    const { path, equals } = expectation;
    const parsed = parsedPathOf(expectation);
    // Paths were checked when saved; one that no longer parses is reported, not thrown.
    const found = parsed.ok ? lookUpJsonPath(document, parsed.steps) : { found: false as const };
    if (!found.found) problems.push(`${path} is missing, expected ${shown(equals, secrets)}`);
    else if (!jsonEqual(found.value, equals)) problems.push(`${path} was ${shown(found.value, secrets)}, expected ${shown(equals, secrets)}`);
  }
  return problems;
}

/**
 * Undefined when every expectation is met, otherwise each unmet one, in a fixed order, joined by "; " (at most 500
 * characters). `request` is what the check sent: the values of its secret headers never show in the reason.
 */
export function unmetExpectations(answer: HttpAnswer, expect: MonitorExpect | undefined, request?: Pick<HttpCheckRequest, 'headers' | 'secret_headers'>): string | undefined {
  const problems: string[] = [];
  const status = statusProblem(answer.status, expect);
  if (status !== undefined) problems.push(status);
  const limit = expect?.max_response_ms;
  if (limit !== undefined && answer.responseMs > limit) problems.push(`took ${answer.responseMs} ms, limit ${limit} ms`);
  if (!needsBody(expect) && problems.length === 0) return undefined;
  const secrets = request?.headers === undefined ? [] : secretValues(request.headers, request.secret_headers);
  const body = answer.body ?? '';
  if (expect?.body_contains !== undefined && !body.includes(expect.body_contains)) {
    problems.push(`body does not contain ${shown(expect.body_contains, secrets)}`);
  }
  if (expect?.body_not_contains !== undefined && body.includes(expect.body_not_contains)) {
    problems.push(`body contains ${shown(expect.body_not_contains, secrets)}, expected it not to`);
  }
  problems.push(...jsonProblems(answer, expect?.json ?? [], secrets));
  if (problems.length === 0) return undefined;
  // The paths are the user's own text, and may hold a secret too.
  const reason = redactSecrets(problems.join('; '), secrets);
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON - 1)}…` : reason;
}
