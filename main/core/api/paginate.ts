// Walks GET /monitors page by page whatever the server does with `page` and `limit` (docs/api-decisions.md §3):
//  - the list ends at an empty page, at a short page (fewer items than asked for), or at a page longer than asked
//    for (a server that ignores `limit` sent everything) — unless the headers say there is more (page-hints.ts);
//  - a page that adds no monitor not already seen ends it too: the server ignores `page` (or is cycling);
//  - the first page number is learned once: after page 1, page 0 is asked for. A server that refuses it, or
//    answers it like page 1, counts from 1; one that answers it with other monitors counts from 0;
//  - monitors seen twice (the list shifted while it was being read) are kept once, by id;
//  - at most `maxPages` pages, with an issue when that cut the list short.
import type { Issue } from '../../../common/api/index.ts';
import type { PageHints } from './page-hints.ts';

export type FirstPage = 0 | 1;

export interface Page<T> {
  /** Items read from the page, each with its index in the page's JSON array. */
  entries: { item: T; index: number }[];
  /** Length of the JSON array, counting items that could not be read. */
  length: number;
  /** Issues with the page's own array index first in each path. */
  issues: Issue[];
  hints: PageHints;
}

export interface PaginateOptions<T> {
  pageSize: number;
  maxPages: number;
  /** What an earlier walk learned about the server; undefined when not known yet. */
  firstPage: FirstPage | undefined;
  fetchPage(page: number): Promise<Page<T>>;
  /** Page 0, or undefined when the server refused it. Only asked when `firstPage` is not known. */
  probePageZero(): Promise<Page<T> | undefined>;
  /** Identity for de-duplication: the id, or the content for an item without one. */
  keyOf(item: T): string;
}

export interface Paginated<T> {
  items: T[];
  issues: Issue[];
  /** What this walk learned, for the next one (still undefined when the list was empty either way). */
  firstPage: FirstPage | undefined;
}

export async function paginate<T>(options: PaginateOptions<T>): Promise<Paginated<T>> {
  const list = new Collected<T>(options.keyOf);
  let { firstPage } = options;
  let number = firstPage ?? 1;
  let pagesRead = 0;
  for (;;) {
    const page = await options.fetchPage(number);
    pagesRead++;
    if (firstPage === undefined) {
      const zero = await options.probePageZero();
      firstPage = firstPageFrom(zero, page, options.keyOf);
      if (firstPage === 0 && zero !== undefined) {
        list.add(zero);
        pagesRead++;
      }
    }
    const added = list.add(page);
    if (page.length === 0) break;
    if (added === 'repeat') {
      if (page.length >= options.pageSize) {
        list.note(`The server sent page ${number} again, so it seems to ignore "page"; monitors after the first ${list.size} may be missing.`);
      }
      break;
    }
    const more = page.length === options.pageSize || page.hints.next || (page.hints.total ?? 0) > list.size;
    if (!more) break;
    if (pagesRead >= options.maxPages) {
      list.note(`Stopped after ${pagesRead} pages of monitors; the server may have more.`);
      break;
    }
    number++;
  }
  return { items: list.items, issues: list.issues, firstPage };
}

/**
 * A 0-based server answers page 0 with monitors page 1 does not have. A 1-based one refuses page 0, answers it
 * with nothing, or treats it as page 1. A majority is asked for, so that a monitor created between the two
 * requests cannot make a 1-based server look 0-based.
 */
function firstPageFrom<T>(zero: Page<T> | undefined, one: Page<T>, keyOf: (item: T) => string): FirstPage | undefined {
  if (zero === undefined) return 1;
  if (zero.length === 0) return one.length === 0 ? undefined : 1;
  const inPageOne = new Set(one.entries.map((entry) => keyOf(entry.item)));
  const onlyInZero = zero.entries.filter((entry) => !inPageOne.has(keyOf(entry.item))).length;
  return onlyInZero * 2 > zero.entries.length ? 0 : 1;
}

class Collected<T> {
  readonly items: T[] = [];
  readonly issues: Issue[] = [];
  readonly #keys = new Set<string>();
  readonly #keyOf: (item: T) => string;
  /** Items the server has sent so far, so issue paths point at one place in the whole list. */
  #offset = 0;

  constructor(keyOf: (item: T) => string) {
    this.#keyOf = keyOf;
  }

  get size(): number {
    return this.items.length;
  }

  /** Adds the page's new items and their issues; 'repeat' when it had items and none was new. */
  add(page: Page<T>): number | 'repeat' {
    const repeated = new Set<number>();
    let added = 0;
    for (const { item, index } of page.entries) {
      const key = this.#keyOf(item);
      if (this.#keys.has(key)) {
        repeated.add(index);
        continue;
      }
      this.#keys.add(key);
      this.items.push(item);
      added++;
    }
    // A repeated page's issues were reported the first time it came.
    if (added === 0 && page.entries.length > 0) {
      this.#offset += page.length;
      return 'repeat';
    }
    for (const issue of page.issues) {
      const [index, ...rest] = issue.path;
      if (typeof index !== 'number') this.issues.push(issue);
      else if (!repeated.has(index)) this.issues.push({ path: [this.#offset + index, ...rest], message: issue.message });
    }
    this.#offset += page.length;
    return added;
  }

  note(message: string): void {
    this.issues.push({ path: [], message });
  }
}
