// Reads a response body as a stream, counting bytes, so a server cannot make Vigil hold more than it allows.

export type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' };

/**
 * The whole body, or `too-large` as soon as it passes `maxBytes` (the stream is then cancelled, which closes
 * the connection). Content-Length is not trusted: only counted bytes are. Stream errors (an abort, a reset)
 * are thrown for the caller to classify.
 */
export async function readBody(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<BodyRead> {
  if (body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
  return { ok: true, bytes: concat(chunks, total) };
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A human size for messages: "32 MiB", "64 KiB", "512 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
