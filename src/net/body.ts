/**
 * Reading a response body within a size limit, counted as the bytes arrive — after decoding: a response the
 * runtime (or the proxy path) inflates from gzip or deflate is counted inflated, so a small compressed body that
 * inflates to gigabytes (a "gzip bomb") stops at the limit instead of being inflated whole first.
 */

/** The body's bytes, or `tooLarge(bytes so far)` thrown (the stream cancelled) once they pass `maxBytes`. */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  tooLarge: (bytes: number) => Error,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge(total);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
