import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_UPLOAD_MAX_BYTES, ZBulkUploadResult, ZErrorBody, format, messages } from '@attend/shared';
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
import { openResultsFile } from '../../services/participants/bulk-upload/results-file';

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

/** Bulk upload of participants from .xlsx/.xls and the download of its results spreadsheet. */
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

  app.post(
    '/events/:eventId/participants/bulk_upload/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        multipartBody: uploadBody('The participants workbook (.xlsx or .xls).', BULK_UPLOAD_MAX_BYTES, [
          XLSX_TYPE,
          'application/vnd.ms-excel',
        ]),
        params: EventParams,
        response: { 200: ZBulkUploadResult, ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      if (!request.isMultipart()) throw new AppError('bad_request', messages.uploadFileRequired);
      if (running >= app.config.importConcurrency) {
        throw new AppError('busy', messages.uploadBusy, {
          headers: { 'Retry-After': String(BUSY_RETRY_SECONDS) },
        });
      }
      running += 1;
      try {
        let file;
        try {
          file = await request.file();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
            throw new AppError('bad_request', messages.uploadFileRequired);
          throw new AppError('bad_request', messages.uploadNotWorkbook);
        }
        if (!file) throw new AppError('bad_request', messages.uploadFileRequired);
        let data: Buffer;
        try {
          data = await file.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw new AppError('bad_request', messages.uploadNotWorkbook);
        }
        return await bulkUploadParticipants(app.db, actor, {
          eventId: request.params.eventId,
          filename: file.filename,
          data,
          ip: request.ip,
          onResultsFileError: (err) =>
            request.log.error({ err }, 'could not write the bulk upload results file'),
          onMaintenanceError: (err) => request.log.warn({ err }, 'could not refresh the search indexes'),
        });
      } finally {
        running -= 1;
        // What the import leaves behind goes back to the system once the imports are over.
        releaseSoon(() => running > 0);
      }
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
        .header('Content-Disposition', `attachment; filename="${result.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(result.content);
    },
  );
};
