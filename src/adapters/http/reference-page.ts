/**
 * The browsable reference of a door (Swagger UI at <basePath>/docs), the same on both. Its page is
 * served at both spellings, `/docs` and `/docs/`: the one without the slash (as the start-up banner
 * prints it) gets asset paths that include the door's prefix, the other relative ones.
 */
import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

export async function registerReferencePage(scope: FastifyInstance, basePath: string, title: string): Promise<void> {
  await scope.register(swaggerUi, { routePrefix: '/docs', indexPrefix: basePath, theme: { title } });
}
