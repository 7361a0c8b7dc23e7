import { ApiError, NetworkError } from './http';
import { expireSession, getAccessToken, refreshAccessToken } from './auth-session';

/**
 * Server-Sent Events over `fetch`, so the stream carries the same `Authorization: Bearer` header as
 * every other call (EventSource cannot send headers, and a token in the URL would end up in logs).
 */

/** One dispatched event: its name ('message' when the server gave none), data and last id. */
export type SseMessage = { event: string; data: string; id: string };

/**
 * The event-stream parser of the HTML standard: lines end with CRLF, LF or CR (a CR at the end of a
 * chunk may be followed by the LF at the start of the next), a blank line dispatches, lines starting
 * with ':' are comments (keep-alives), `data` lines join with '\n'. Input arrives in arbitrary chunks.
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let skipLeadingLf = false;
  let data: string[] = [];
  let event = '';
  let lastId = '';

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id: lastId });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // 'retry' and unknown fields: the reconnect delay is the client's own back-off.
  }

  return {
    feed(chunk: string): void {
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** A new connection: a half-received event of the old one is dropped, the last id kept. */
    reset(): void {
      buffer = '';
      skipLeadingLf = false;
      data = [];
      event = '';
    },
  };
}

/** Feeds a response body to `parser` until it ends; `onChunk` sees every chunk (a watchdog). */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  parser: ReturnType<typeof createSseParser>,
  onChunk?: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}

/** Back-off between reconnects: 1 s, 2 s, 4 s … up to 30 s, with ±20 % jitter so stations spread out. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** No byte (not even a keep-alive comment) for this long: the connection is presumed dead. */
export const SSE_IDLE_TIMEOUT_MS = 60_000;

export type EventStreamHandlers = {
  onMessage: (message: SseMessage) => void;
  /** Connected; `reconnected` is true after a drop (what was missed meanwhile must be refetched). */
  onOpen?: (reconnected: boolean) => void;
  /** An open connection was lost; a reconnect follows after the back-off. */
  onDrop?: () => void;
  /** The server refused for good (403, 404…): no more attempts. */
  onClosed?: (error: ApiError) => void;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

async function connect(url: string, token: string | null, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new NetworkError('Network request failed.', false);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let detail: string | undefined;
    let code: string | undefined;
    try {
      const body = JSON.parse(text) as { detail?: unknown; code?: unknown };
      if (typeof body.detail === 'string') detail = body.detail;
      if (typeof body.code === 'string') code = body.code;
    } catch {
      detail = text || undefined;
    }
    throw new ApiError(response.status, detail, code, text);
  }
  return response;
}

/**
 * Keeps an authenticated event stream open until `signal` aborts: reconnects with back-off after a
 * drop or a silent connection, refreshes the access token once on a 401, and gives up on other 4xx.
 */
export async function openEventStream(
  url: string,
  handlers: EventStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  const parser = createSseParser(handlers.onMessage);
  let attempt = 0;
  let opened = false;
  let refreshed = false;
  while (!signal.aborted) {
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    let live = false;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(stop, SSE_IDLE_TIMEOUT_MS);
    };
    try {
      const token = refreshed ? await refreshAccessToken() : await getAccessToken();
      touch();
      const response = await connect(url, token, connection.signal);
      parser.reset();
      handlers.onOpen?.(opened);
      opened = true;
      live = true;
      attempt = 0;
      refreshed = false;
      await readEventStream(response.body ?? new ReadableStream(), parser, touch);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401 && !refreshed) {
        refreshed = true;
        continue;
      }
      if (err instanceof ApiError && err.status === 401) {
        expireSession();
        return;
      }
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
        handlers.onClosed?.(err);
        return;
      }
      // Network failure, 5xx, 429, or our own idle abort: try again after the back-off.
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', stop);
    }
    if (signal.aborted) return;
    if (live) handlers.onDrop?.();
    await sleep(reconnectDelay(attempt), signal);
    attempt += 1;
  }
}
