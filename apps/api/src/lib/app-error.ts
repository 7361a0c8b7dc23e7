import { messages } from '@attend/shared';

const statusByCode = {
  validation_error: 400,
  bad_request: 400,
  invalid_credentials: 401,
  not_authenticated: 401,
  token_not_valid: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  challenge_required: 428,
  internal_error: 500,
  busy: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

const defaultDetail: Partial<Record<AppErrorCode, string>> = {
  not_authenticated: messages.notAuthenticated,
  token_not_valid: messages.invalidToken,
  forbidden: messages.staffOnly,
  not_found: messages.notFound,
  internal_error: messages.unexpected,
};

/** A failure a user can cause; the error handler turns it into `{detail, code}` with its status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    detail?: string,
    readonly extra: {
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      /** A finer code for the body than the one that picks the status (e.g. 'already_checked_in'). */
      reason?: string;
      /** More of the body, beside detail and code (e.g. the first check-in record). */
      body?: Record<string, unknown>;
    } = {},
  ) {
    super(detail ?? defaultDetail[code] ?? code);
    this.status = statusByCode[code];
  }
}
