import { z } from 'zod';
import { ZChallengeRequired, ZErrorBody } from '@attend/shared';

/** An id in a URL: a positive integer that fits the database's `integer` columns. */
export const RouteId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const EventParams = z.object({ eventId: RouteId });
export const ParticipantParams = EventParams.extend({ id: RouteId });

/** Every refusal a route can answer, all with the `{detail, code}` body. */
export const errorResponses = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  429: ZErrorBody,
};

/** The sign-in calls: past a few failures they answer 428 with a proof-of-work challenge. */
export const signInErrorResponses = { ...errorResponses, 428: ZChallengeRequired };

/** The OpenAPI security requirement of routes that need an access token. */
export const bearerSecurity = [{ bearer: [] }];
