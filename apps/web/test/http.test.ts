import { delay, http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, http, InvalidResponseError, NetworkError } from '../src/lib/http';
import { server } from './msw';

/** The error `promise` rejects with (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`Expected a rejection, got ${JSON.stringify(value)}`);
    },
    (err: unknown) => err,
  );
}

/** The ApiError `promise` rejects with. */
async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const err = await rejectionOf(promise);
  if (!(err instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(err)}`);
  return err;
}

describe('http: refusals become ApiError', () => {
  it('reads detail and code from a {detail, code} body', async () => {
    const body = { detail: 'Event not found', code: 'not_found' };
    server.use(mock.get('/api/events/9/', () => HttpResponse.json(body, { status: 404 })));
    const err = await apiErrorOf(http('/api/events/9/'));
    expect(err).toMatchObject({ name: 'ApiError', message: 'Event not found', status: 404 });
    expect(err.detail).toBe('Event not found');
    expect(err.code).toBe('not_found');
    expect(err.body).toEqual(body);
  });

  it('uses a plain-text body as the detail, with no code', async () => {
    server.use(mock.get('/api/x/', () => HttpResponse.text('Bad gateway', { status: 502 })));
    const err = await apiErrorOf(http('/api/x/'));
    expect(err.status).toBe(502);
    expect(err.detail).toBe('Bad gateway');
    expect(err.code).toBeUndefined();
    expect(err.body).toBe('Bad gateway');
    expect(err.message).toBe('Bad gateway');
  });

  it('reads the detail from an `error` key', async () => {
    server.use(mock.get('/api/x/', () => HttpResponse.json({ error: 'Upload failed' }, { status: 400 })));
    const err = await apiErrorOf(http('/api/x/'));
    expect([err.status, err.detail, err.code]).toEqual([400, 'Upload failed', undefined]);
  });

  it('reads the detail from a `message` key', async () => {
    server.use(
      mock.get('/api/x/', () =>
        HttpResponse.json({ message: 'Slow down', code: 'throttled' }, { status: 429 }),
      ),
    );
    const err = await apiErrorOf(http('/api/x/'));
    expect([err.status, err.detail, err.code]).toEqual([429, 'Slow down', 'throttled']);
  });

  it('prefers detail over error over message, skipping empty strings', async () => {
    server.use(
      mock.get('/api/a/', () =>
        HttpResponse.json({ message: 'm', error: 'e', detail: 'd' }, { status: 400 }),
      ),
      mock.get('/api/b/', () => HttpResponse.json({ message: 'm', error: 'e', detail: '' }, { status: 400 })),
      mock.get('/api/c/', () => HttpResponse.json({ message: 'm', error: 7 }, { status: 400 })),
    );
    expect((await apiErrorOf(http('/api/a/'))).detail).toBe('d');
    expect((await apiErrorOf(http('/api/b/'))).detail).toBe('e');
    expect((await apiErrorOf(http('/api/c/'))).detail).toBe('m');
  });

  it('ignores a non-string code', async () => {
    server.use(mock.get('/api/x/', () => HttpResponse.json({ detail: 'No', code: 403 }, { status: 403 })));
    const err = await apiErrorOf(http('/api/x/'));
    expect([err.status, err.detail, err.code]).toEqual([403, 'No', undefined]);
  });

  it('without a message, says which status failed', async () => {
    server.use(
      mock.get('/api/empty/', () => new HttpResponse(null, { status: 500 })),
      mock.get('/api/blank/', () => HttpResponse.text('   ', { status: 503 })),
      mock.get('/api/other/', () => HttpResponse.json({ errors: { name: ['Required'] } }, { status: 422 })),
    );
    const empty = await apiErrorOf(http('/api/empty/'));
    expect([empty.status, empty.detail, empty.code, empty.body]).toEqual([
      500,
      undefined,
      undefined,
      undefined,
    ]);
    expect(empty.message).toBe('Request failed with status 500');
    const blank = await apiErrorOf(http('/api/blank/'));
    expect([blank.detail, blank.message]).toEqual([undefined, 'Request failed with status 503']);
    const other = await apiErrorOf(http('/api/other/'));
    expect([other.detail, other.message]).toEqual([undefined, 'Request failed with status 422']);
    expect(other.body).toEqual({ errors: { name: ['Required'] } });
  });

  it('keeps a JSON-labelled body that does not parse as its text', async () => {
    server.use(
      mock.get(
        '/api/x/',
        () => new HttpResponse('{oops', { status: 500, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const err = await apiErrorOf(http('/api/x/'));
    expect([err.detail, err.body]).toEqual(['{oops', '{oops']);
  });
});

describe('http: answers and failures', () => {
  const ZThing = z.object({ id: z.number(), name: z.string() });

  it('returns the parsed body when it matches the schema (unknown keys dropped)', async () => {
    server.use(mock.get('/api/thing/', () => HttpResponse.json({ id: 1, name: 'A', extra: true })));
    await expect(http('/api/thing/', { schema: ZThing })).resolves.toEqual({ id: 1, name: 'A' });
  });

  it('rejects with InvalidResponseError when a 2xx body does not match the schema', async () => {
    server.use(mock.get('/api/thing/', () => HttpResponse.json({ id: '1', name: 'A' })));
    const err = await rejectionOf(http('/api/thing/', { schema: ZThing }));
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err).not.toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ name: 'InvalidResponseError', message: 'Invalid response from server.' });
  });

  it('rejects with InvalidResponseError when a schema is given and the body is empty', async () => {
    server.use(mock.get('/api/thing/', () => new HttpResponse(null, { status: 204 })));
    await expect(http('/api/thing/', { schema: ZThing })).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('returns the body unchecked without a schema', async () => {
    server.use(mock.get('/api/thing/', () => HttpResponse.json([1, 2, 3])));
    await expect(http('/api/thing/')).resolves.toEqual([1, 2, 3]);
  });

  it('sends a body as JSON with POST by default, and GET without a body', async () => {
    const seen: { method: string; type: string | null; accept: string | null; body: string }[] = [];
    server.use(
      mock.all('/api/echo/', async ({ request }) => {
        seen.push({
          method: request.method,
          type: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          body: await request.text(),
        });
        return HttpResponse.json({});
      }),
    );
    await http('/api/echo/', { body: { a: 1 } });
    await http('/api/echo/');
    await http('/api/echo/', { method: 'PATCH', body: { b: [2] }, headers: { 'X-Extra': 'yes' } });
    expect(seen).toEqual([
      { method: 'POST', type: 'application/json', accept: 'application/json', body: '{"a":1}' },
      { method: 'GET', type: null, accept: 'application/json', body: '' },
      { method: 'PATCH', type: 'application/json', accept: 'application/json', body: '{"b":[2]}' },
    ]);
  });

  it('rejects with NetworkError (not timed out) when there is no answer', async () => {
    server.use(mock.get('/api/x/', () => HttpResponse.error()));
    const err = await rejectionOf(http('/api/x/'));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ name: 'NetworkError', message: 'Network request failed.', timedOut: false });
  });

  it('rejects with a timed-out NetworkError when the answer comes too late', async () => {
    server.use(
      mock.get('/api/slow/', async () => {
        await delay(2000);
        return HttpResponse.json({});
      }),
    );
    const err = await rejectionOf(http('/api/slow/', { timeoutMs: 50 }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ message: 'The server took too long to answer.', timedOut: true });
  });

  it("passes the caller's own abort through, not as a NetworkError", async () => {
    server.use(
      mock.get('/api/slow/', async () => {
        await delay(2000);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = rejectionOf(http('/api/slow/', { signal: controller.signal }));
    controller.abort();
    const err = await pending;
    expect(err).not.toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ name: 'AbortError' });
  });
});
