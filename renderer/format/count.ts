// "1 monitor", "3 monitors"; "1 needs attention", "3 need attention" (pure). Every noun the window counts takes a
// plain "s", and so does the verb that follows a count of one.
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? noun : `${noun}s`}`;
}

/** A count as the subject of a verb, which agrees with it: `countThat(1, 'need', 'attention')` is "1 needs attention". */
export function countThat(count: number, verb: string, rest = ''): string {
  return `${count.toLocaleString('en')} ${count === 1 ? `${verb}s` : verb}${rest === '' ? '' : ` ${rest}`}`;
}
