import { ApiError, NetworkError } from './api-client';
import { expireSession, getAccessToken, refreshAccessToken } from './auth-session';

/** Downloads and uploads that JSON `api()` cannot do: a binary body, or upload progress. */

function readDetail(text: string): { detail?: string; code?: string; body: unknown } {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      const b = body as Record<string, unknown>;
      const detail = [b.detail, b.error, b.message].find((v): v is string => typeof v === 'string' && !!v);
      return { detail, code: typeof b.code === 'string' ? b.code : undefined, body };
    }
    return { body };
  } catch {
    return { detail: text.trim() || undefined, body: text };
  }
}

/**
 * Runs `attempt` with the access token; a 401 refreshes the token once and tries again, and when
 * that fails the session ends (the guards then go to the sign-in page), as `api()` does.
 */
async function withToken<T>(attempt: (token: string | null) => Promise<T>): Promise<T> {
  try {
    return await attempt(await getAccessToken());
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const fresh = await refreshAccessToken().catch(() => null);
    if (!fresh) {
      expireSession();
      throw err;
    }
    return attempt(fresh);
  }
}

/** Reads a response body, reporting the bytes received so far (streamed answers have no length). */
async function readWithProgress(response: Response, onBytes: (received: number) => void): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onBytes(received);
  }
  return new Blob(chunks, { type });
}

/** GET `url` as a file with the bearer token; `onBytes` hears how much has arrived. */
export function fetchFile(
  url: string,
  signal?: AbortSignal,
  onBytes?: (received: number) => void,
): Promise<Blob> {
  return withToken(async (token) => {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
        signal,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new NetworkError('Network request failed.', false);
    }
    if (!response.ok) {
      const { detail, code, body } = readDetail(await response.text().catch(() => ''));
      throw new ApiError(response.status, detail, code, body);
    }
    return onBytes ? readWithProgress(response, onBytes) : response.blob();
  });
}

/** Hands `blob` to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** GET `url` with the bearer token and save it as `filename`. */
export async function downloadFile(url: string, filename: string): Promise<void> {
  saveBlob(await fetchFile(url), filename);
}

/**
 * POST a multipart form with upload progress (fetch cannot report it without streaming bodies,
 * which need HTTP/2). `onProgress` gets 0..1; the parsed JSON answer is returned.
 */
export function uploadForm(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return withToken(
    (token) =>
      new Promise<unknown>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        xhr.setRequestHeader('Accept', 'application/json');
        if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        xhr.withCredentials = false;
        // Large workbooks take a while to parse and import; allow more than the JSON default.
        xhr.timeout = 5 * 60_000;
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
        };
        xhr.upload.onload = () => onProgress(1);
        xhr.onload = () => {
          const { detail, code, body } = readDetail(xhr.responseText);
          if (xhr.status >= 200 && xhr.status < 300) resolve(body);
          else reject(new ApiError(xhr.status, detail, code, body));
        };
        xhr.onerror = () => reject(new NetworkError('Network request failed.', false));
        xhr.ontimeout = () => reject(new NetworkError('The server took too long to answer.', true));
        xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
        signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(form);
      }),
  );
}
