import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { buildOpenApi } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The OpenAPI document built from the route table, with a readable reference at /docs (served offline). */
export default fp(
  async (app: FastifyInstance) => {
    const document = buildOpenApi();
    await app.register(swagger, { mode: 'static', specification: { document: document as never } });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      theme: { title: '资源库 API 文档' },
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs' },
);
