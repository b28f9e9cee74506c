// Items as a server sends them, for the tests of what the client reads from and sends back to a server.
import { parseItem, type ItemReader, type Monitor } from '../../common/api/index.ts';

/** An HTTP monitor with every field the spec gives it, as a server answers GET /monitors/{id}. */
export const sentMonitor: Monitor = {
  id: 'mon_1',
  name: 'Site',
  type: 'http',
  url: 'https://example.com',
  frequency: 60,
  last_status: 'up',
  created_at: '2026-11-21T15:52:00.000Z',
  updated_at: '2026-11-21T15:52:00.000Z',
};

/** What the tolerant reader makes of `json`, which must be an object (it throws the reader's error otherwise). */
export function readSent<T>(reader: ItemReader<T>, json: unknown) {
  const result = parseItem(reader, json);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}
