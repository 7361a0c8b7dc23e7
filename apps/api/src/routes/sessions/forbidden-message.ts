import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/**
 * A route-level error handler that words the guard's 403 the way the spec quotes it for this route
 * (document 2 §6); every other error goes on to the application's handler unchanged.
 */
export function forbiddenMessage(detail: string) {
  return (error: FastifyError | Error, _request: FastifyRequest, _reply: FastifyReply) => {
    if (error instanceof AppError && error.code === 'forbidden') throw new AppError('forbidden', detail);
    throw error;
  };
}
