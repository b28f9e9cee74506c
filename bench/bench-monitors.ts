// Items created through the service's API, as a user's script would: POSTs, 16 at a time.
export interface ApiAccess {
  apiUrl: string;
  token: string;
}

/** POSTs request 0 … count − 1, 16 at a time; throws on the first answer that is not 201. */
export async function postAll(api: ApiAccess, count: number, requestOf: (i: number) => { collection: string; body: unknown }): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const { collection, body } = requestOf(next++);
      const response = await fetch(`${api.apiUrl}/${collection}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`POST /${collection} answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** `count` http monitors of the loopback target, each on its own path, with `fields` added; resolves with the seconds it took. */
export async function createHttpMonitors(api: ApiAccess, targetPort: number, count: number, frequency: number, fields: Record<string, unknown> = {}): Promise<number> {
  const started = performance.now();
  await postAll(api, count, (i) => ({ collection: 'monitors', body: { name: `bench ${i}`, type: 'http', url: `http://127.0.0.1:${targetPort}/m/${i}`, frequency, ...fields } }));
  return (performance.now() - started) / 1000;
}
