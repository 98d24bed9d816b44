/**
 * A Server-Sent Events parser (the WHATWG "event stream interpretation"): lines end in CRLF,
 * LF or CR; a blank line dispatches the message; `data:` lines accumulate; `:` starts a
 * comment (keep-alive); a message without data is not dispatched.
 */

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

/** Parse a byte stream into messages. Ends when the stream ends (an unfinished message is dropped). */
export async function* parseSse(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  const parser = new SseLineParser();
  let buffer = '';
  for await (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    const { lines, rest } = splitLines(buffer);
    buffer = rest;
    for (const line of lines) {
      const message = parser.line(line);
      if (message) yield message;
    }
  }
  buffer += decoder.decode();
  // A final line without its terminator still counts as a line; dispatch needs a blank line after it.
  if (buffer !== '') parser.line(buffer);
}

/**
 * Split complete lines off the buffer. A trailing CR is kept back in `rest` because the LF of
 * its CRLF may arrive in the next chunk.
 */
function splitLines(buffer: string): { lines: string[]; rest: string } {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < buffer.length; i++) {
    const c = buffer[i];
    if (c === '\n' || c === '\r') {
      if (c === '\r' && i === buffer.length - 1) break;
      lines.push(buffer.slice(start, i));
      if (c === '\r' && buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  return { lines, rest: buffer.slice(start) };
}

class SseLineParser {
  private event = '';
  private data: string[] = [];
  private lastEventId: string | undefined;
  private retry: number | undefined;

  /** Feed one line; returns a message when the line is the blank one that ends it. */
  line(line: string): SseMessage | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    const hasData = this.data.length > 0;
    const message: SseMessage = { event: this.event || 'message', data: this.data.join('\n') };
    if (this.lastEventId !== undefined) message.id = this.lastEventId;
    if (this.retry !== undefined) message.retry = this.retry;
    this.event = '';
    this.data = [];
    this.retry = undefined;
    return hasData ? message : undefined;
  }
}
