import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  languageFromAcceptLanguage,
  messages,
  ZCertificate,
  ZCertificateEligibility,
  ZCertificateIssueResult,
  ZCertificateList,
  ZCertificateManualIssue,
  ZCertificateSendResult,
  ZCertificateVerification,
  ZErrorBody,
  ZEventDetail,
  ZMyCertificate,
} from '@attend/shared';
import { AppError } from '../../lib/app-error';
import { contentDisposition } from '../../lib/content-disposition';
import { participantActor, staffActor } from '../../plugins/auth';
import { certificateEligibility } from '../../services/certificates/certificate-eligibility';
import {
  deleteCertificateSignature,
  readCertificateSignature,
  setCertificateSignature,
} from '../../services/certificates/certificate-signature';
import {
  issueCertificateByHand,
  issueCertificates,
  listCertificates,
  myCertificate,
  withdrawCertificate,
} from '../../services/certificates/issue-certificates';
import { renderCertificates, type CertificatePdf } from '../../services/certificates/render-certificates';
import { sendCertificates } from '../../services/certificates/send-certificates';
import { verifyCertificate } from '../../services/certificates/verify-certificate';
import { assertAdmin } from '../../services/auth/staff-access';
import { LOGO_MAX_BYTES } from '../../services/events/event-logo';
import { bearerSecurity, errorResponses, EventParams, fileResponse, uploadBody } from '../route-schemas';
import type { FastifyReply } from 'fastify';

const tags = ['certificates'];
const security = bearerSecurity;
const CertificateParams = EventParams.extend({ certificate: z.string().min(1).max(40) });
const PdfFile = fileResponse('Certificates of attendance, one A4 landscape page each', ['application/pdf']);
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Sends a certificate PDF as it is drawn; a download abandoned half-way stops the drawing. */
function sendPdf(reply: FastifyReply, pdf: CertificatePdf, disposition: 'attachment' | 'inline') {
  reply.raw.once('close', () => {
    if (!pdf.stream.readableEnded) pdf.stream.destroy();
  });
  return reply
    .type('application/pdf')
    .header('Content-Disposition', contentDisposition(disposition, pdf.filename))
    .header('Cache-Control', 'no-store')
    .send(pdf.stream);
}

/** Certificates of attendance (issue 33): staff issue and manage them, holders download, anyone verifies. */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;

  app.get(
    '/events/:eventId/certificates/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description: "The event's certificates (withdrawn ones too), newest first, with their ids (admins).",
        params: EventParams,
        response: { 200: ZCertificateList, ...errorResponses },
      },
    },
    async (request) => listCertificates(app.db, staffActor(request), request.params.eventId, publicUrl),
  );

  app.get(
    '/events/:eventId/certificates/eligibility/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description:
          "Every participant against the event's certificate_rules: who qualifies, who does not and why " +
          '(shortfalls), with their certificate if they have one (admins).',
        params: EventParams,
        response: { 200: ZCertificateEligibility, ...errorResponses },
      },
    },
    async (request) =>
      certificateEligibility(
        app.db,
        staffActor(request),
        request.params.eventId,
        languageFromAcceptLanguage(request.headers['accept-language']),
      ),
  );

  app.post(
    '/events/:eventId/certificates/issue/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description:
          'Issues a certificate to everyone who qualifies and has none yet (a withdrawn one counts).',
        params: EventParams,
        response: { 200: ZCertificateIssueResult, ...errorResponses },
      },
    },
    async (request) => issueCertificates(app.db, staffActor(request), request.params.eventId, app.qrKeys),
  );

  app.post(
    '/events/:eventId/certificates/manual/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description: 'Issues one certificate by hand, whatever the rules, with a note saying why.',
        params: EventParams,
        body: ZCertificateManualIssue,
        response: { 201: ZCertificate, ...errorResponses },
      },
    },
    async (request, reply) => {
      const cert = await issueCertificateByHand(
        app.db,
        staffActor(request),
        request.params.eventId,
        request.body,
        app.qrKeys,
        publicUrl,
      );
      return reply.status(201).send(cert);
    },
  );

  app.post(
    '/events/:eventId/certificates/:certificate/withdraw/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description: 'Withdraws a certificate: its public page says so from now on.',
        params: CertificateParams,
        response: { 200: ZCertificate, ...errorResponses },
      },
    },
    async (request) =>
      withdrawCertificate(
        app.db,
        staffActor(request),
        request.params.eventId,
        request.params.certificate,
        publicUrl,
      ),
  );

  app.post(
    '/events/:eventId/certificates/send/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description:
          'E-mails every holder of a certificate that is not withdrawn, in their language, with a link to download it.',
        params: EventParams,
        response: { 200: ZCertificateSendResult, ...errorResponses },
      },
    },
    async (request) => sendCertificates(app.db, staffActor(request), request.params.eventId),
  );

  app.get(
    '/events/:eventId/certificates.pdf',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description: 'Every certificate of the event that is not withdrawn, in one PDF (admins).',
        params: EventParams,
        response: { 200: PdfFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(staffActor(request));
      const pdf = await renderCertificates(app.db, request.params.eventId, { all: true }, publicUrl, (err) =>
        request.log.error({ err }, 'certificates: a picture or a page could not be drawn'),
      );
      return sendPdf(reply, pdf, 'attachment');
    },
  );

  app.get(
    '/events/:eventId/certificates/:certificate/certificate.pdf',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        description: 'One certificate that is not withdrawn, as a PDF (admins).',
        params: CertificateParams,
        response: { 200: PdfFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(staffActor(request));
      const pdf = await renderCertificates(
        app.db,
        request.params.eventId,
        { certificateId: request.params.certificate },
        publicUrl,
        (err) => request.log.error({ err }, 'certificate: a picture or the page could not be drawn'),
      );
      return sendPdf(reply, pdf, 'attachment');
    },
  );

  app.get(
    '/participants/me/certificate/',
    {
      config: { auth: 'participant' },
      schema: {
        tags,
        security,
        description:
          "The signed-in participant's certificate: its id and verify URL, or null until one is issued.",
        response: { 200: ZMyCertificate.nullable(), ...errorResponses },
      },
    },
    async (request) => myCertificate(app.db, participantActor(request), publicUrl),
  );

  app.get(
    '/participants/me/certificate.pdf',
    {
      config: { auth: 'participant' },
      schema: {
        tags,
        security,
        description:
          "The signed-in participant's own certificate (404 until one is issued, or once withdrawn).",
        response: { 200: PdfFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = participantActor(request);
      const pdf = await renderCertificates(
        app.db,
        actor.eventId,
        { participantId: actor.participantId },
        publicUrl,
        (err) => request.log.error({ err }, 'certificate: a picture or the page could not be drawn'),
      );
      return sendPdf(reply, pdf, 'attachment');
    },
  );

  app.get(
    '/verify/:certificate/',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        description:
          "A certificate's public fields and whether it is valid (signature holds, not withdrawn); 404 for an unknown id.",
        params: z.object({ certificate: z.string().min(1).max(40) }),
        response: { 200: ZCertificateVerification, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return verifyCertificate(app.db, request.params.certificate, app.verifyCache);
    },
  );

  // The signature image of the certificate design: uploaded and served like the event logo.
  const signatureUpload: FastifyPluginAsyncZod = async (files) => {
    await files.register(multipart, {
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });
    files.post(
      '/events/:eventId/certificate-signature/',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          multipartBody: uploadBody('The signatory’s signature image.', LOGO_MAX_BYTES, IMAGE_TYPES),
          params: EventParams,
          response: { 200: ZEventDetail, ...errorResponses },
        },
      },
      async (request) => {
        const actor = staffActor(request);
        const refuse = (detail: string) =>
          new AppError('bad_request', detail, { errors: { file: [detail] } });
        if (!request.isMultipart()) throw refuse(messages.signatureFileRequired);
        let data: Buffer;
        try {
          const file = await request.file();
          if (!file) throw refuse(messages.signatureFileRequired);
          data = await file.toBuffer();
        } catch (err) {
          if (err instanceof AppError) throw err;
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(messages.signatureTooLarge);
          throw refuse(messages.signatureFileRequired);
        }
        return setCertificateSignature(app.db, actor, request.params.eventId, data, { ip: request.ip });
      },
    );
  };
  await app.register(signatureUpload);

  app.delete(
    '/events/:eventId/certificate-signature/',
    {
      config: { auth: 'staff' },
      schema: { tags, security, params: EventParams, response: { 200: ZEventDetail, ...errorResponses } },
    },
    async (request) =>
      deleteCertificateSignature(app.db, staffActor(request), request.params.eventId, { ip: request.ip }),
  );

  app.get(
    '/events/:eventId/certificate-signature/:hash/',
    {
      // The URL is the capability, as for the logo: only someone who can read the event learns it.
      config: { auth: 'public' },
      schema: {
        tags,
        params: EventParams.extend({ hash: z.string().regex(/^[0-9a-f]{32}$/, messages.signatureNotFound) }),
        response: { 200: fileResponse('The signature image', IMAGE_TYPES), 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const image = await readCertificateSignature(app.db, request.params.eventId, request.params.hash);
      return reply
        .type(image.mimeType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .send(image.content);
    },
  );
};
