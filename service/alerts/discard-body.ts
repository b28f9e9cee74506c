// Reads a response body we do not need, so the connection can be reused, but never more than a bounded amount.

const maxDiscardedBodyBytes = 64 * 1024;

/** Never rejects: whatever the body holds or however it fails, the delivery outcome is already decided. */
export async function discardBody(response: Response): Promise<void> {
  if (response.body === null) return;
  const reader = response.body.getReader();
  try {
    let received = 0;
    while (received < maxDiscardedBodyBytes) {
      const chunk = await reader.read();
      if (chunk.done) return;
      received += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // An aborted or broken body changes nothing.
  }
}
