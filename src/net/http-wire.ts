/**
 * The byte-level parts of reading an HTTP/1.1 response from a socket (./proxy.ts): a buffer consumed from the
 * front as the response is parsed, and an incremental `Transfer-Encoding: chunked` decoder.
 */
export const HEAD_END = new TextEncoder().encode("\r\n\r\n");

/** Bytes read so far, consumed from the front as the response is parsed. */
export class GrowableBuffer {
  private bytes = new Uint8Array(4096);
  private start = 0;
  private end = 0;

  get length(): number {
    return this.end - this.start;
  }

  append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.bytes.length) {
      const needed = this.length + chunk.length;
      const next = new Uint8Array(Math.max(needed, this.bytes.length * 2));
      next.set(this.bytes.subarray(this.start, this.end));
      this.bytes = next;
      this.end = this.length;
      this.start = 0;
    }
    this.bytes.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** A copy of bytes [from, to) of what is buffered. */
  slice(from: number, to: number): Uint8Array {
    return this.bytes.slice(this.start + from, this.start + to);
  }

  consume(count: number): void {
    this.start += count;
  }

  indexOf(needle: Uint8Array, from = 0): number {
    outer: for (let i = this.start + from; i <= this.end - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (this.bytes[i + j] !== needle[j]) continue outer;
      return i - this.start;
    }
    return -1;
  }
}

const CRLF = new TextEncoder().encode("\r\n");

/** Undoes `Transfer-Encoding: chunked` incrementally, consuming what it has parsed from the buffer. */
export class ChunkedDecoder {
  private parts: Uint8Array[] = [];
  size = 0;
  /** Bytes of the current chunk still to copy, or -1 when a size line comes next. */
  private remaining = -1;
  private trailer = false;

  /** Consumes what it can; true once the terminating chunk and trailer have been read. */
  feed(buffer: GrowableBuffer): boolean {
    for (;;) {
      if (this.trailer) {
        // Trailer fields end with an empty line; a bare CRLF is the usual case.
        const end = buffer.indexOf(CRLF);
        if (end < 0) return false;
        buffer.consume(end + CRLF.length);
        if (end === 0) return true;
        continue;
      }
      if (this.remaining < 0) {
        const lineEnd = buffer.indexOf(CRLF);
        if (lineEnd < 0) return false;
        const line = new TextDecoder("latin1").decode(buffer.slice(0, lineEnd));
        buffer.consume(lineEnd + CRLF.length);
        const size = parseInt(line.split(";")[0].trim(), 16);
        if (!Number.isFinite(size) || size < 0) throw new Error(`bad chunk size "${line.slice(0, 20)}"`);
        if (size === 0) {
          this.trailer = true;
          continue;
        }
        this.remaining = size;
      }
      // Chunk data, then its CRLF.
      if (buffer.length < this.remaining + CRLF.length) return false;
      this.parts.push(buffer.slice(0, this.remaining));
      this.size += this.remaining;
      buffer.consume(this.remaining + CRLF.length);
      this.remaining = -1;
    }
  }

  body(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}
