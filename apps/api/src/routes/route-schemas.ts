import { Readable } from 'node:stream';
import { z } from 'zod';
import { ZChallengeRequired, ZErrorBody, ZIdParam } from '@attend/shared';

/** An id in a URL or a query string: the shared bounded id, written as digits. */
export const RouteId = ZIdParam;

export const EventParams = z.object({ eventId: RouteId });
export const ParticipantParams = EventParams.extend({ id: RouteId });

/**
 * The refusals a route's own code answers, all with the `{detail, code}` body. The OpenAPI document
 * adds those the framework answers on any route of a kind (plugins/docs.ts: 400, 401 and 403 where a
 * token is needed, 405, 413 and 415 where a body is read, 500); nothing answers 429 any more (sign-ins
 * ask for a proof of work instead: 428).
 */
export const errorResponses = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
};

/** The sign-in calls: past a few failures they answer 428 with a proof-of-work challenge. */
export const signInErrorResponses = { ...errorResponses, 428: ZChallengeRequired };

/** The OpenAPI security requirement of routes that need an access token. */
export const bearerSecurity = [{ bearer: [] }];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file's bytes, sent as a Buffer or a stream; in the document a binary string. */
const Binary = z
  .custom<Buffer | Readable>((v) => Buffer.isBuffer(v) || v instanceof Readable)
  .meta({ type: 'string', format: 'binary' });

/** A 200 whose body is a file or a stream of one of these media types, not JSON. */
export function fileResponse<T extends string>(description: string, mediaTypes: readonly T[]) {
  const content = Object.fromEntries(mediaTypes.map((type) => [type, { schema: Binary }]));
  return { description, content: content as Record<T, { schema: typeof Binary }> };
}

/**
 * The multipart/form-data body of a one-file upload, for the OpenAPI document (`multipartBody`): the
 * route reads the first file part, which clients send in the field `file`.
 */
export function uploadBody(description: string, maxBytes: number, mediaTypes: readonly string[]) {
  return {
    type: 'object',
    required: ['file'],
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description: `${description} At most ${maxBytes / 1024 / 1024} MB; ${mediaTypes.join(', ')}.`,
      },
    },
  };
}
