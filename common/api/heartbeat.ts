// The heartbeat monitor as a response carries it (spec §2.2), plus the `ping_url` Vigil's own service
// adds (docs/api-decisions.md): every field optional.

import { readDateTime, readHttpUrl, readId, readPositiveInteger, readText, type ItemReader } from './fields.ts';

export type Heartbeat = {
  id?: string | undefined;
  name?: string | undefined;
  slug?: string | undefined;
  /** Seconds between expected pings. */
  expected_interval?: number | undefined;
  /** Absent until the first ping. */
  last_ping?: string | undefined;
  /** Extension sent by Vigil's service: where to send pings. Only http(s) URLs are kept. */
  ping_url?: string | undefined;
};

export const readHeartbeat: ItemReader<Heartbeat> = (object, context) => ({
  id: readId(object, 'id', context),
  name: readText(object, 'name', context),
  slug: readText(object, 'slug', context),
  expected_interval: readPositiveInteger(object, 'expected_interval', context),
  last_ping: readDateTime(object, 'last_ping', context),
  ping_url: readHttpUrl(object, 'ping_url', context),
});
