import type { z } from 'zod';

/** Default timeout of every API call (spec §9: 15000 ms). */
export const API_TIMEOUT_MS = 15_000;

/** An HTTP answer other than 2xx; `detail` is the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** No answer at all: offline, DNS, connection reset or timeout. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** A 2xx answer whose body does not have the expected shape. */
export class InvalidResponseError extends Error {
  constructor(message = 'Invalid response from server.') {
    super(message);
    this.name = 'InvalidResponseError';
  }
}

export type HttpOptions<S extends z.ZodType | undefined = undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Checks a 2xx answer; a function loads the schema first (see lib/schemas.ts). */
  schema?: S | (() => Promise<S>);
};

export type HttpResult<S> = S extends z.ZodType ? z.infer<S> : unknown;

function readError(body: unknown): { detail?: string; code?: string } {
  if (typeof body === 'string' && body.trim()) return { detail: body };
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const detail = [b.detail, b.error, b.message].find((v): v is string => typeof v === 'string' && !!v);
    return { detail, code: typeof b.code === 'string' ? b.code : undefined };
  }
  return {};
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** One same-origin JSON request with a timeout; no authentication logic (see api-client). */
export async function http<S extends z.ZodType | undefined = undefined>(
  url: string,
  opts: HttpOptions<S> = {},
): Promise<HttpResult<S>> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? API_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err; // the caller cancelled: not a network failure
    throw noAnswer(timeout.aborted);
  }
  return readAnswer(response, opts.schema);
}

function noAnswer(timedOut: boolean): NetworkError {
  return new NetworkError(
    timedOut ? 'The server took too long to answer.' : 'Network request failed.',
    timedOut,
  );
}

/**
 * The answer of a request sent before the app's code ran (index.html's early refresh), read as
 * `http` reads its own: an ApiError when it is not 2xx, a NetworkError when there was none.
 */
export async function answerOf<S extends z.ZodType | undefined = undefined>(
  sent: Promise<Response>,
  schema?: HttpOptions<S>['schema'],
): Promise<HttpResult<S>> {
  let response: Response;
  try {
    response = await sent;
  } catch (err) {
    throw noAnswer(err instanceof DOMException && err.name === 'TimeoutError');
  }
  return readAnswer(response, schema);
}

async function readAnswer<S extends z.ZodType | undefined = undefined>(
  response: Response,
  schema?: HttpOptions<S>['schema'],
): Promise<HttpResult<S>> {
  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) {
    const { detail, code } = readError(data);
    throw new ApiError(response.status, detail, code, data);
  }
  return checkAnswer(data, schema);
}

/** A 2xx answer's body, checked against the schema (loaded first when it is a function). */
export async function checkAnswer<S extends z.ZodType | undefined = undefined>(
  data: unknown,
  schemaOrLoader?: HttpOptions<S>['schema'],
): Promise<HttpResult<S>> {
  if (schemaOrLoader) {
    const schema = typeof schemaOrLoader === 'function' ? await schemaOrLoader() : schemaOrLoader;
    const parsed = schema?.safeParse(data);
    if (!parsed?.success) throw new InvalidResponseError();
    return parsed.data as HttpResult<S>;
  }
  return data as HttpResult<S>;
}
