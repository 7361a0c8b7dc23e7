import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { getAccessToken, refreshAccessToken } from '../../../lib/auth-session';
import { ts } from '../i18n';

/** A spreadsheet of many registrants takes longer than an ordinary call. */
const EXPORT_TIMEOUT_MS = 120_000;

/** Why the export failed, worded for the user (document 2 §8 "Export"). */
export class ExportError extends Error {
  override name = 'ExportError';
}

function request(url: string, token: string | null): Promise<Response> {
  return fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
  });
}

async function failure(response: Response): Promise<ExportError> {
  if (response.status === 403) return new ExportError(ts('export.forbidden'));
  if (response.status === 404) return new ExportError(ts('export.notFound'));
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const text = [body?.error, body?.message, body?.detail].find(
    (v): v is string => typeof v === 'string' && !!v,
  );
  return new ExportError(text ?? ts('export.failed'));
}

function filenameOf(response: Response, sessionId: number): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? `session_participants_${sessionId}.xlsx`;
}

/**
 * GET /api/sessions/global/{sessionId}/export_participants/: the registrants as an .xlsx file
 * (a binary answer, so fetched directly with the bearer token; one refresh on a 401).
 */
export async function exportSessionParticipants(
  sessionId: number,
): Promise<{ blob: Blob; filename: string }> {
  const url = apiPaths.exportSessionParticipants(sessionId);
  let response: Response;
  try {
    response = await request(url, await getAccessToken());
    if (response.status === 401) {
      const fresh = await refreshAccessToken().catch(() => null);
      if (fresh) response = await request(url, fresh);
    }
  } catch {
    throw new ExportError(ts('export.failed'));
  }
  if (!response.ok) throw await failure(response);
  return { blob: await response.blob(), filename: filenameOf(response, sessionId) };
}

/** Hands the file to the browser as a download. */
export function saveFile({ blob, filename }: { blob: Blob; filename: string }): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function useExportSessionParticipants() {
  return useMutation({
    mutationFn: exportSessionParticipants,
    onSuccess: saveFile,
  });
}
