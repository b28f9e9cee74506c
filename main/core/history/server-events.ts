// A server's events since a moment, every page of them (oldest first): each page asks for those after the last id
// read, and the walk ends at a short page, a page with nothing new (a server that ignores `after`), or the cap.
import type { HistoryEvent } from '../../../common/api/index.ts';
import type { MonitoringClient } from '../api/index.ts';

const pageSize = 500;
const maxPages = 20;

/** `item`: only one item's (`monitor:<id>`, as the extension names it). */
export async function fetchServerEvents(client: MonitoringClient, query: { since: number; item?: string | undefined }): Promise<HistoryEvent[]> {
  const events: HistoryEvent[] = [];
  const seen = new Set<string>();
  let after: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const { items } = await client.listEvents({ since: query.since, after, item: query.item, limit: pageSize });
    let added = 0;
    for (const event of items) {
      const identity = event.id ?? JSON.stringify(event);
      if (seen.has(identity)) continue;
      seen.add(identity);
      events.push(event);
      added += 1;
    }
    after = items.at(-1)?.id;
    if (items.length < pageSize || added === 0 || after === undefined) break;
  }
  return events;
}
