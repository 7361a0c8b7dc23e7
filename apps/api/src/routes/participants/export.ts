import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
export const exportRoutes: FastifyPluginAsyncZod = async () => {};
