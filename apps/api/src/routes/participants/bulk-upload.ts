import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
export const bulkUploadRoutes: FastifyPluginAsyncZod = async () => {};
