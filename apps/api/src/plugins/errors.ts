import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { languageFromAcceptLanguage, messages, type TErrorBody, type TLanguage } from '@attend/shared';
import { translateMessage } from '@attend/shared/messages-i18n';
import { AppError } from '../lib/app-error';

function fieldName(instancePath: string, fallback: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.length ? parts.join('.') : fallback;
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** The client's language (the web app sends the one on screen); English when it names none we have. */
function languageOf(request: FastifyRequest): TLanguage {
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

function translateErrors(errors: Record<string, string[]>, language: TLanguage): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [field, list.map((m) => translateMessage(m, language))]),
  );
}

/**
 * Maps every failure to `{detail, code}`; 5xx bodies never carry internals. Sentences of the shared
 * catalogue are answered in the request's `Accept-Language` (French or Swahili; English otherwise).
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      const language = languageOf(request);
      if (error instanceof AppError) {
        for (const [k, v] of Object.entries(error.extra.headers ?? {})) reply.header(k, v);
        const body: TErrorBody = {
          ...error.extra.body,
          detail: translateMessage(error.message, language),
          code: error.extra.reason ?? error.code,
        };
        if (error.extra.errors) body.errors = translateErrors(error.extra.errors, language);
        return reply.status(error.status).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const found: Record<string, string[]> = {};
        for (const v of error.validation) {
          const name = fieldName(v.instancePath, error.validationContext ?? 'body');
          (found[name] ??= []).push(v.message ?? 'Invalid value');
        }
        const errors = translateErrors(found, language);
        const lines = Object.entries(errors).map(([k, v]) => `${k}: ${v.join(' ')}`);
        // A single message the spec quotes (such as the login one) is shown as is.
        const unique = [...new Set(Object.values(errors).flat())];
        const detail = unique.length === 1 && unique[0] ? unique[0] : lines.join('\n');
        return reply.status(400).send({ detail, code: 'validation_error', errors });
      }
      const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code =
          status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
        const detail =
          'code' in error && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : error.message;
        return reply.status(status).send({ detail, code });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ detail: translateMessage(messages.unexpected, languageOf(request)), code: 'internal_error' });
    });

    // PostgreSQL text cannot hold NUL characters: refuse them at the edge instead of failing in SQL.
    app.addHook('preValidation', async (request) => {
      if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
        throw new AppError('validation_error', 'Text must not contain NUL characters.');
      }
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .send({ detail: translateMessage(messages.notFound, languageOf(request)), code: 'not_found' });
    });
  },
  { name: 'errors' },
);
