/**
 * The browsable reference of a door (Swagger UI at <basePath>/docs), the same on both. Its page is
 * served at both spellings, `/docs` and `/docs/`: the one without the slash (as the start-up banner
 * prints it) gets asset paths that include the door's prefix, the other relative ones. The page loads
 * the door's own document (`<basePath>/openapi.json`, the address the Explore box shows and clients
 * use) and carries the product's name in its title and top bar.
 */
import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/** The top bar's mark: the product's name on its own, no third-party logo. */
function logoOf(name: string): Buffer {
  const text = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="40" viewBox="0 0 360 40"><text x="0" ` +
      `y="28" font-family="sans-serif" font-size="22" font-weight="700" fill="#ffffff">${text}</text></svg>`,
  );
}

export async function registerReferencePage(scope: FastifyInstance, basePath: string, title: string, productName: string): Promise<void> {
  await scope.register(swaggerUi, {
    routePrefix: '/docs',
    indexPrefix: basePath,
    theme: { title },
    logo: { type: 'image/svg+xml', content: logoOf(productName), href: `${basePath}/docs`, target: '_self' },
    // `urls` wins over the page-relative `./json` the plugin sets: the Explore box shows the document's
    // own address, the one a client generator is given.
    uiConfig: { urls: [{ url: `${basePath}/openapi.json`, name: productName }], deepLinking: true },
  });
}
