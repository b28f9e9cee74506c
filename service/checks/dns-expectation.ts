// Whether a dns check's answers hold what the monitor expects (docs/api-decisions.md §16), and the sentence that
// says what was expected and what came when they do not.
import type { DnsRecordType } from '../../common/api/dns-check-input.ts';

/** Answers are compared as text: MX as "10 mail.example.com", TXT as each record's strings joined. */
export type DnsAnswers = readonly string[];

// A failure sentence stays one readable line in the history, however many records a name has.
const MAX_ANSWERS_SHOWN = 5;
const MAX_TXT_SHOWN = 60;
const MX_WITH_PRIORITY = /^(\d+)\s+(\S+)$/;

/** Names compare in any case, with or without the root's trailing dot. */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

/** The text form RFC 5952 gives an IPv6 address (lower case, zeros compressed), so equal addresses compare equal. */
function normaliseIPv6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
}

function splitMx(text: string): { priority: number | undefined; exchange: string } {
  const [, priority, exchange] = MX_WITH_PRIORITY.exec(text.trim()) ?? [];
  return exchange === undefined
    ? { priority: undefined, exchange: normaliseName(text.trim()) }
    : { priority: Number(priority), exchange: normaliseName(exchange) };
}

function isAnswered(record: DnsRecordType, expected: string, answers: DnsAnswers): boolean {
  switch (record) {
    case 'A':
      return answers.includes(expected);
    case 'AAAA':
      return answers.some((answer) => normaliseIPv6(answer) === normaliseIPv6(expected));
    case 'CNAME':
    case 'NS':
      return answers.some((answer) => normaliseName(answer) === normaliseName(expected));
    case 'MX': {
      const wanted = splitMx(expected);
      return answers.some((answer) => {
        const mx = splitMx(answer);
        return mx.exchange === wanted.exchange && (wanted.priority === undefined || mx.priority === wanted.priority);
      });
    }
    case 'TXT':
      return answers.some((answer) => answer.includes(expected));
  }
}

function quoteTxt(text: string): string {
  return JSON.stringify(text.length > MAX_TXT_SHOWN ? `${text.slice(0, MAX_TXT_SHOWN - 1)}…` : text);
}

function listed(values: readonly string[], joiner: string): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')}${joiner}${values.at(-1) ?? ''}`;
}

function describeAnswers(record: DnsRecordType, answers: DnsAnswers): string {
  const shown = answers.slice(0, MAX_ANSWERS_SHOWN).map((answer) => (record === 'TXT' ? quoteTxt(answer) : answer));
  const more = answers.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function describeExpected(record: DnsRecordType, expected: readonly string[]): string {
  return record === 'TXT'
    ? `text containing ${listed(expected.map((text) => JSON.stringify(text)), ' and ')}`
    : listed(expected, ' and ');
}

/**
 * undefined when every expected value is answered (or nothing is expected); otherwise, for example,
 * `A mail.example.com: expected 192.0.2.10, got 192.0.2.7, 192.0.2.8`. `answers` is never empty: a name without
 * records of the type fails before this.
 */
export function expectationProblem(
  record: DnsRecordType,
  host: string,
  answers: DnsAnswers,
  expect: string | readonly string[] | undefined,
): string | undefined {
  if (expect === undefined) return undefined;
  const expected = typeof expect === 'string' ? [expect] : expect;
  if (expected.every((value) => isAnswered(record, value, answers))) return undefined;
  return `${record} ${host}: expected ${describeExpected(record, expected)}, got ${describeAnswers(record, answers)}`;
}
