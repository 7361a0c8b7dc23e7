import multipart from '@fastify/multipart';
import { contentDisposition } from '../../lib/content-disposition';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BULK_UPLOAD_MAX_BYTES,
  ZBulkUploadPreview,
  ZBulkUploadQuery,
  ZBulkUploadResult,
  ZErrorBody,
  ZUploadTemplateQuery,
  format,
  languageFromAcceptLanguage,
  messages,
} from '@attend/shared';
import {
  bearerSecurity,
  errorResponses,
  EventParams,
  fileResponse,
  uploadBody,
  XLSX_TYPE,
} from '../route-schemas';
import { AppError } from '../../lib/app-error';
import { releaseSoon } from '../../lib/release-memory';
import { staffActor } from '../../plugins/auth';
import { bulkUploadParticipants } from '../../services/participants/bulk-upload/bulk-upload-participants';
import { previewBulkUpload } from '../../services/participants/bulk-upload/preview-bulk-upload';
import { openResultsFile } from '../../services/participants/bulk-upload/results-file';
import {
  buildUploadTemplate,
  TEMPLATE_FILENAME,
} from '../../services/participants/bulk-upload/upload-template';

const errors = { ...errorResponses, 503: ZErrorBody };
/** Seconds a refused import is told to wait: an import of a few thousand rows takes about that. */
const BUSY_RETRY_SECONDS = 10;
const tags = ['participants'];
const security = bearerSecurity;

function tooLarge(): AppError {
  return new AppError(
    'bad_request',
    format(messages.uploadTooLarge, { mb: BULK_UPLOAD_MAX_BYTES / 1024 / 1024 }),
  );
}

/** The uploaded workbook of a multipart request (400 with the reason when there is none). */
async function uploadedFile(request: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  let file;
  try {
    file = await request.file();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError('bad_request', messages.uploadFileRequired);
    throw new AppError('bad_request', messages.uploadNotWorkbook);
  }
  if (!file) throw new AppError('bad_request', messages.uploadFileRequired);
  try {
    return { filename: file.filename, data: await file.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('bad_request', messages.uploadNotWorkbook);
  }
}

const workbookBody = uploadBody('The participants workbook (.xlsx or .xls).', BULK_UPLOAD_MAX_BYTES, [
  XLSX_TYPE,
  'application/vnd.ms-excel',
]);

/**
 * Bulk upload of participants from .xlsx/.xls: its preview (nothing written), the upload itself in
 * the mode chosen after the preview, the download of its results spreadsheet, and the template.
 */
export const bulkUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Imports running in this process: each holds a workbook in memory and keeps the database busy,
  // so a few at once are taken and the rest refused before their body is read.
  let running = 0;

  // Registered here, so multipart bodies are accepted by these routes only.
  await app.register(multipart, {
    limits: {
      fileSize: BULK_UPLOAD_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 1024,
      parts: 25,
      headerPairs: 100,
    },
  });

  /** Runs `work` holding one of the process's import places (503 with Retry-After when all are taken). */
  async function withImportPlace<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    if (!request.isMultipart()) throw new AppError('bad_request', messages.uploadFileRequired);
    if (running >= app.config.importConcurrency) {
      throw new AppError('busy', messages.uploadBusy, {
        headers: { 'Retry-After': String(BUSY_RETRY_SECONDS) },
      });
    }
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      // What the import leaves behind goes back to the system once the imports are over.
      releaseSoon(() => running > 0);
    }
  }

  app.post(
    '/events/:eventId/participants/bulk_upload/preview/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description:
          'What uploading this workbook would do, writing nothing: rows to create, existing participants ' +
          'that would change (field, old, new), rows in error, and a fingerprint to send back with the ' +
          'chosen mode.',
        consumes: ['multipart/form-data'],
        multipartBody: workbookBody,
        params: EventParams,
        response: { 200: ZBulkUploadPreview, ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      return withImportPlace(request, async () => {
        const file = await uploadedFile(request);
        return previewBulkUpload(app.db, actor, { eventId: request.params.eventId, ...file });
      });
    },
  );

  app.post(
    '/events/:eventId/participants/bulk_upload/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description:
          'Imports the workbook. `mode=create_only` leaves existing participants as they are; ' +
          '`create_and_update` (the default) also updates them. With the `fingerprint` of a preview, ' +
          'the upload is refused (409, code preview_stale) when the preview no longer holds.',
        consumes: ['multipart/form-data'],
        multipartBody: workbookBody,
        params: EventParams,
        querystring: ZBulkUploadQuery,
        response: { 200: ZBulkUploadResult, ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      return withImportPlace(request, async () => {
        const file = await uploadedFile(request);
        return bulkUploadParticipants(app.db, actor, {
          eventId: request.params.eventId,
          ...file,
          mode: request.query.mode,
          fingerprint: request.query.fingerprint,
          ip: request.ip,
          onResultsFileError: (err) =>
            request.log.error({ err }, 'could not write the bulk upload results file'),
          onMaintenanceError: (err) => request.log.warn({ err }, 'could not refresh the search indexes'),
        });
      });
    },
  );

  app.get(
    '/events/:eventId/participants/bulk_upload/template/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description:
          'The Bulk Upload template: the headers, one example row and a notes sheet (in `language`, or ' +
          'the Accept-Language).',
        params: EventParams,
        querystring: ZUploadTemplateQuery,
        response: { 200: fileResponse('The template workbook', [XLSX_TYPE]), ...errorResponses },
      },
    },
    async (request, reply) => {
      staffActor(request);
      const language =
        request.query.language ?? languageFromAcceptLanguage(request.headers['accept-language']);
      const content = await buildUploadTemplate(app.db, request.params.eventId, language);
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', TEMPLATE_FILENAME))
        .header('Cache-Control', 'no-store')
        .send(content);
    },
  );

  app.get(
    '/events/:eventId/participants/bulk_upload/results/:resultId/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        params: EventParams.extend({ resultId: z.string().max(64) }),
        response: { 200: fileResponse('The results workbook', [XLSX_TYPE]), ...errorResponses },
      },
    },
    async (request, reply) => {
      staffActor(request);
      const result = await openResultsFile(
        app.db,
        request.params.eventId,
        request.params.resultId,
        Date.now(),
      );
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', result.filename))
        .header('Cache-Control', 'no-store')
        .send(result.content);
    },
  );
};
