import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLiveEvent } from '../src/features/check-in/api/subscribe-check-ins';
import { expireSession } from '../src/lib/auth-session';
import {
  createSseParser,
  openEventStream,
  readEventStream,
  reconnectDelay,
  type SseMessage,
} from '../src/lib/sse';
import { checkIn } from './check-in-fixtures';

function collect() {
  const messages: SseMessage[] = [];
  const parser = createSseParser((m) => messages.push(m));
  return { messages, parser };
}

const record = checkIn({ id: 7, participant_name: 'Jean Habimana' });
const payload = JSON.stringify({ action: 'created', check_in: record });

describe('SSE parser', () => {
  it('dispatches an event on the blank line, with its name and data', () => {
    const { messages, parser } = collect();
    parser.feed(`event: check_in\ndata: ${payload}\n\n`);
    expect(messages).toEqual([{ event: 'check_in', data: payload, id: '' }]);
  });

  it('reassembles an event split mid-line across chunks', () => {
    const { messages, parser } = collect();
    const text = `event: check_in\ndata: ${payload}\n\n`;
    for (const cut of [1, 7, 15, 20, text.length - 2, text.length - 1]) {
      messages.length = 0;
      parser.feed(text.slice(0, cut));
      expect(messages).toEqual([]);
      parser.feed(text.slice(cut));
      expect(messages).toEqual([{ event: 'check_in', data: payload, id: '' }]);
    }
  });

  it('reads one character at a time', () => {
    const { messages, parser } = collect();
    for (const c of `event: check_in\r\ndata: a\r\n\r\n`) parser.feed(c);
    expect(messages).toEqual([{ event: 'check_in', data: 'a', id: '' }]);
  });

  it('dispatches several events from one chunk, each with its own name', () => {
    const { messages, parser } = collect();
    parser.feed('event: check_in\ndata: 1\n\nevent: other\ndata: 2\n\ndata: 3\n\n');
    expect(messages).toEqual([
      { event: 'check_in', data: '1', id: '' },
      { event: 'other', data: '2', id: '' },
      { event: 'message', data: '3', id: '' },
    ]);
  });

  it('ignores comments and keep-alives, and blank lines without data', () => {
    const { messages, parser } = collect();
    parser.feed(': keep-alive\n\n:\n\n: ping\n');
    parser.feed('\nevent: check_in\n: a comment inside an event\ndata: x\n\n');
    expect(messages).toEqual([{ event: 'check_in', data: 'x', id: '' }]);
  });

  it('joins data lines with a newline, keeps a space after the first, and handles CR, LF and CRLF', () => {
    const { messages, parser } = collect();
    parser.feed('data: one\rdata:two\r\ndata:  three\n\r\n');
    expect(messages).toEqual([{ event: 'message', data: 'one\ntwo\n three', id: '' }]);
  });

  it('does not read a CR at the end of one chunk and the LF opening the next as two line ends', () => {
    const { messages, parser } = collect();
    parser.feed('data: a\r');
    parser.feed('\ndata: b\r');
    parser.feed('\n\r');
    parser.feed('\n');
    expect(messages).toEqual([{ event: 'message', data: 'a\nb', id: '' }]);
  });

  it('keeps the last id, and reset() drops a half-received event', () => {
    const { messages, parser } = collect();
    parser.feed('id: 41\ndata: a\n\ndata: half');
    parser.reset();
    parser.feed('\ndata: b\n\n');
    expect(messages).toEqual([
      { event: 'message', data: 'a', id: '41' },
      { event: 'message', data: 'b', id: '41' },
    ]);
  });

  it('reads a byte stream whose chunks split a multi-byte character', async () => {
    const bytes = new TextEncoder().encode('event: check_in\ndata: Ingabiré\n\n');
    const split = bytes.indexOf(0xc3) + 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
        controller.close();
      },
    });
    const { messages, parser } = collect();
    await readEventStream(body, parser);
    expect(messages).toEqual([{ event: 'check_in', data: 'Ingabiré', id: '' }]);
  });

  it('readLiveEvent keeps valid check_in events only', () => {
    expect(readLiveEvent({ event: 'check_in', data: payload, id: '' })).toEqual({
      action: 'created',
      check_in: record,
    });
    expect(readLiveEvent({ event: 'message', data: payload, id: '' })).toBeNull();
    expect(readLiveEvent({ event: 'check_in', data: '{not json', id: '' })).toBeNull();
    expect(readLiveEvent({ event: 'check_in', data: '{"action":"created"}', id: '' })).toBeNull();
  });
});

describe('event stream connection', () => {
  beforeEach(() => {
    expireSession();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('backs off 1 s, 2 s, 4 s… up to 30 s, with jitter', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1000);
    expect(reconnectDelay(1, () => 0.5)).toBe(2000);
    expect(reconnectDelay(2, () => 0.5)).toBe(4000);
    expect(reconnectDelay(10, () => 0.5)).toBe(30_000);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });

  it('reconnects after a drop, says so, and stops on a refusal', async () => {
    const streams = [
      `: hello\n\nevent: check_in\ndata: ${payload}\n\n`,
      `event: check_in\ndata: ${payload}\n\n`,
    ];
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      expect(headers.get('Accept')).toBe('text/event-stream');
      const text = streams.shift();
      if (text === undefined) {
        return Promise.resolve(
          new Response(JSON.stringify({ detail: 'Forbidden', code: 'forbidden' }), {
            status: 403,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }
      return Promise.resolve(new Response(text, { headers: { 'Content-Type': 'text/event-stream' } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const events: string[] = [];
    const controller = new AbortController();
    const done = openEventStream(
      '/api/events/3/check-ins/live/',
      {
        onMessage: (m) => events.push(`message:${m.event}`),
        onOpen: (reconnected) => events.push(reconnected ? 'reopen' : 'open'),
        onDrop: () => events.push('drop'),
        onClosed: (err) => events.push(`closed:${err.status}`),
      },
      controller.signal,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['open', 'message:check_in', 'drop']);
    await vi.advanceTimersByTimeAsync(1300);
    expect(events).toEqual(['open', 'message:check_in', 'drop', 'reopen', 'message:check_in', 'drop']);
    await vi.advanceTimersByTimeAsync(1300);
    await done;
    expect(events.at(-1)).toBe('closed:403');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('retries a failed connection with growing delays until aborted', async () => {
    // No jitter: the delays are exactly 1 s, then 2 s (with it, 0.8-1.2 s then 1.6-2.4 s could overlap the checks).
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const done = openEventStream('/live/', { onMessage: () => undefined }, controller.signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1300);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1300);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1300);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    controller.abort();
    await done;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    random.mockRestore();
  });
});
