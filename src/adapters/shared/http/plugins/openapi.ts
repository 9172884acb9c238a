/**
 * One way both doors describe themselves: the OpenAPI 3.1 document (@fastify/swagger, finished by
 * openapi-document.ts), served at `<basePath>/openapi.json`, and its reference page at
 * `<basePath>/docs`. With no published server configured, the document names the instance serving
 * it, as the client sees it (through a trusted proxy, its forwarded protocol and host): generated
 * clients take servers[0] as their base URL, and a relative one does not work outside a browser.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { finishDocument, type DocumentProfile } from '../openapi-document.js';
import { registerReferencePage } from '../reference-page.js';

/** A group of operations on the reference page. */
export interface Tag {
  readonly name: string;
  readonly description: string;
}

export interface DoorDocument {
  /** Where the door is mounted: /v1, /admin/v1. */
  readonly basePath: string;
  /** The document's title. */
  readonly title: string;
  /** The name the reference page carries in its title and top bar. */
  readonly productName: string;
  readonly version: string;
  /** What the reference page shows first (Markdown). */
  readonly description: string;
  /** Published base URLs; none: the instance serving the document, under `thisServer`. */
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  readonly thisServer: string;
  /** The bearer scheme every operation needs, by name. */
  readonly security: { readonly scheme: string; readonly description: string };
  readonly tags: readonly Tag[];
  /** How the door's errors and components are described (publicProfile, adminProfile). */
  readonly profile: DocumentProfile;
  /** The requests the service sends out (OpenAPI 3.1 `webhooks`), by name. */
  readonly webhooks?: Record<string, object>;
}

/** Registers the document on the door's app, before its routes (which it then describes). */
export async function registerOpenApi(app: FastifyInstance, door: DoorDocument): Promise<void> {
  await app.register(swagger, {
    transformObject: (documentObject) =>
      finishDocument((documentObject as unknown as { openapiObject: Record<string, unknown> }).openapiObject, door.profile) as never,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: door.title,
        version: door.version,
        description: door.description,
        contact: { name: 'Animal Adoption API team' },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers:
        door.servers.length > 0
          ? door.servers.map(({ url, description }) => ({ url, description }))
          : [{ url: door.basePath, description: door.thisServer }],
      components: {
        securitySchemes: { [door.security.scheme]: { type: 'http', scheme: 'bearer', description: door.security.description } },
      },
      security: [{ [door.security.scheme]: [] }],
      tags: door.tags.map(({ name, description }) => ({ name, description })),
      ...(door.webhooks && { webhooks: door.webhooks }),
    },
  });
}

/** Serves the document and the reference page inside the door's prefix. */
export async function serveOpenApi(scope: FastifyInstance, app: FastifyInstance, door: DoorDocument): Promise<void> {
  scope.get('/openapi.json', { schema: { hide: true } }, async (request) => {
    const document = app.swagger();
    if (door.servers.length > 0) return document;
    return { ...document, servers: [{ url: `${request.protocol}://${request.host}${door.basePath}`, description: door.thisServer }] };
  });
  await registerReferencePage(scope, door.basePath, `${door.productName} reference`, door.productName);
}
