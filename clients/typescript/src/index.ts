/**
 * A typed client for the Animal Adoption API. Its types are generated from the API's OpenAPI
 * document (schema.ts); requests go through openapi-fetch. What every consumer would otherwise
 * write is here: the bearer header, paging through `Link: <...>; rel="next"`, bounded and jittered
 * retries that honour Retry-After on 429 and 503 (never on another 4xx, such as 410 gone), and an Idempotency-Key on
 * every create, kept across its retries, so that a retried create never stores a second animal.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type Pet = components['schemas']['Pet'];
export type NewPet = components['schemas']['NewPet'];
export type PetPatch = components['schemas']['PetPatch'];
export type Order = components['schemas']['Order'];
export type NewOrder = components['schemas']['NewOrder'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type PetStatus = components['schemas']['PetStatus'];
/**
 * What `listPets` may ask: the filters (`species: ['cat']`, `goodWithChildren: true`, ...), `near` and
 * `radius`, `sort` and `seed`, `limit`, `id`, `fields`, `total` (see docs/api.md, Finding animals).
 */
export type PetSearch = Omit<NonNullable<paths['/pets']['get']['parameters']['query']>, 'cursor' | 'radius' | 'fields'> & {
  /** How far from `near`: a number of miles (`25`), or text with its unit (`'25mi'`, `'40km'`). */
  radius?: number | string;
};
/** A field of an animal that `fields` may keep. */
export type PetField = Exclude<keyof Pet, 'id'>;
/** An animal with `id` and the fields asked for (a sparse fieldset). */
export type SparsePet<F extends PetField> = Pick<Pet, 'id' | F>;
/** One page of a search: its animals, the cursor of the next page (null on the last), and the total when asked. */
export interface PetPage<T = Pet> {
  readonly pets: T[];
  readonly nextCursor: string | null;
  /** With `total: true`: how many the search finds, exact up to 1,000 (`exact` false beyond). */
  readonly total: { readonly value: number; readonly exact: boolean } | null;
}
export type Organization = components['schemas']['Organization'];
export type OrganizationPatch = components['schemas']['OrganizationPatch'];
export type OrganizationSearch = Omit<NonNullable<paths['/organizations']['get']['parameters']['query']>, 'cursor' | 'radius'> & {
  radius?: number | string;
};
export type Category = components['schemas']['Category'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];
export type NewWebhookEndpoint = components['schemas']['NewWebhookEndpoint'];
export type WebhookEndpointPatch = components['schemas']['WebhookEndpointPatch'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type SavedSearch = components['schemas']['SavedSearch'];
export type NewSavedSearch = components['schemas']['NewSavedSearch'];
/** How `listSavedSearchMatches` pages: `sort` and `limit` as for `listPets`. */
export type MatchesQuery = Pick<
  NonNullable<paths['/saved-searches/{searchId}/matches']['get']['parameters']['query']>,
  'sort' | 'limit' | 'cursor'
>;
export type RateLimitStatus = components['schemas']['RateLimitStatus'];
export type Usage = components['schemas']['Usage'];
export type ErrorBody = components['schemas']['Error'];
export type Event = components['schemas']['Event'];
export type EventType = components['schemas']['EventType'];
export type Species = components['schemas']['Species'];
export type { components, paths } from './schema.js';

/** An answer from the API that is an error: its Error body, typed. */
export class AdoptionApiError extends Error {
  readonly status: number;
  readonly code: ErrorBody['code'];
  readonly requestId: string | null;

  constructor(
    readonly body: ErrorBody,
    readonly response: Response,
  ) {
    super(`${body.status} ${body.code}: ${body.message}`);
    this.name = 'AdoptionApiError';
    this.status = body.status;
    this.code = body.code;
    this.requestId = response.headers.get('x-request-id');
  }
}

export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  readonly retries: number;
  /** First backoff when the answer carries no Retry-After (default 500 ms), doubled each time. */
  readonly baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is thrown (default 60 s). */
  readonly maxDelayMs: number;
}

export interface AdoptionClientOptions {
  /** Ends in /v1, e.g. https://api.example.org/v1. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly retry?: Partial<RetryPolicy>;
  /** For tests and custom transports. */
  readonly fetch?: typeof globalThis.fetch;
  /** How to wait between attempts (for tests). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Makes a new Idempotency-Key (default: a random UUID). */
  readonly newIdempotencyKey?: () => string;
}

type Attempt<T> = () => Promise<{ data?: T; error?: unknown; response: Response }>;

const RETRIED_STATUSES = new Set([429, 503]);

export class AdoptionClient {
  /** application/json answers only: the client never asks for a sparse fieldset (`fields=`), whose media type is another. */
  private readonly api: Client<paths, 'application/json'>;
  private readonly policy: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly newIdempotencyKey: () => string;

  constructor(options: AdoptionClientOptions) {
    this.api = createClient<paths, 'application/json'>({
      baseUrl: options.baseUrl,
      headers: { Authorization: `Bearer ${options.apiKey}` },
      ...(options.fetch && { fetch: options.fetch }),
    });
    this.policy = { retries: 3, baseDelayMs: 500, maxDelayMs: 60_000, ...options.retry };
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.newIdempotencyKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  }

  /**
   * The animals a search finds (every animal without one), in the order asked (id by default), fetched
   * a page at a time. With `fields`, each animal has `id` and those fields alone, and is typed so.
   */
  listPets(query?: PetSearch): AsyncGenerator<Pet, void, undefined>;
  listPets<F extends PetField>(query: PetSearch & { fields: readonly F[] }): AsyncGenerator<SparsePet<F>, void, undefined>;
  async *listPets(query: PetSearch & { fields?: readonly PetField[] } = {}): AsyncGenerator<Pet, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.listPetsPage({ ...query, ...(cursor !== undefined && { cursor }) } as PetSearch);
      yield* page.pets;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  /**
   * One page of a search, for a page a site shows: its animals, the `cursor` of the next page (pass
   * it back with the same query), and with `total: true` the total (`X-Total-Count`).
   */
  listPetsPage(query?: PetSearch & { cursor?: string }): Promise<PetPage>;
  listPetsPage<F extends PetField>(query: PetSearch & { fields: readonly F[]; cursor?: string }): Promise<PetPage<SparsePet<F>>>;
  async listPetsPage(query: PetSearch & { fields?: readonly PetField[]; cursor?: string } = {}): Promise<PetPage> {
    const params = { ...query, ...(query.radius !== undefined && { radius: String(query.radius) }) } as NonNullable<
      paths['/pets']['get']['parameters']['query']
    >;
    // A sparse answer is JSON too (its own media type): parsed alike, typed by the overloads.
    const { data, response } = await this.send(() => this.api.GET('/pets', { params: { query: params } }));
    const count = response.headers.get('x-total-count');
    return {
      pets: data,
      nextCursor: nextPage(response.headers.get('link'))?.cursor?.toString() ?? null,
      total: count === null ? null : { value: Number(count), exact: response.headers.get('x-total-count-relation') !== 'gte' },
    };
  }

  /** The animals with these ids (any number; those that do not exist are left out): the replacement for getPet. */
  async getPets(ids: readonly number[]): Promise<Pet[]> {
    const found: Pet[] = [];
    for (let start = 0; start < ids.length; start += 100) {
      for await (const pet of this.listPets({ id: ids.slice(start, start + 100), limit: 100 })) found.push(pet);
    }
    return found;
  }

  /**
   * Changes an animal, from the version it was read at (`pet.version`, or `'*'` for any): a change
   * lost to someone else's throws AdoptionApiError 412 `precondition_failed`; read again and retry.
   */
  async updatePet(petId: number, patch: PetPatch, ifMatch: number | '*'): Promise<Pet> {
    const header = { 'if-match': ifMatch === '*' ? '*' : `"${ifMatch}"` };
    const { data } = await this.send(() => this.api.PATCH('/pets/{petId}', { params: { path: { petId }, header }, body: patch }));
    return data;
  }

  /** Removes an animal; with `ifMatch`, only if it is still at that version. */
  async deletePet(petId: number, ifMatch?: number): Promise<void> {
    const header = ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` };
    await this.send(() => this.api.DELETE('/pets/{petId}', { params: { path: { petId }, header } }));
  }

  /**
   * Creates or updates your animal by its id in your shelter software (`source`, `id`), the animal
   * whole as `createPet` takes it. A push that changes nothing returns the same version and makes no
   * event. `ifMatch`: an update of that version only; `createOnly`: a create only (each throws
   * AdoptionApiError 412 `precondition_failed` when it does not hold).
   */
  async pushPet(
    source: string,
    id: string,
    pet: NewPet,
    options: { readonly ifMatch?: number | '*'; readonly createOnly?: boolean } = {},
  ): Promise<{ pet: Pet; created: boolean }> {
    const header = {
      ...(options.ifMatch !== undefined && { 'if-match': options.ifMatch === '*' ? '*' : `"${options.ifMatch}"` }),
      ...(options.createOnly === true && { 'if-none-match': '*' }),
    };
    const { data, response } = await this.send(() =>
      this.api.PUT('/sources/{source}/pets/{id}', { params: { path: { source, id }, header }, body: pet }),
    );
    return { pet: data, created: response.status === 201 };
  }

  /** Your animal with this reference in your shelter software; throws AdoptionApiError 404 when none has it. */
  async getPetByReference(source: string, id: string): Promise<Pet> {
    const { data } = await this.send(() => this.api.GET('/sources/{source}/pets/{id}', { params: { path: { source, id } } }));
    return data;
  }

  /**
   * Beta. Adds a photo to an animal: a JPEG, PNG or WebP of up to 10 MiB, as a Blob (its type is
   * used when `contentType` is left out), bytes, or a stream (read whole first). The same bytes sent
   * again add nothing, so the upload is retried like any call. Returns the animal with its photos.
   */
  async uploadPhoto(
    petId: number,
    image: Blob | Uint8Array | ArrayBuffer | AsyncIterable<Uint8Array>,
    contentType?: 'image/jpeg' | 'image/png' | 'image/webp',
  ): Promise<Pet> {
    const type = contentType ?? (image instanceof Blob ? image.type : '');
    if (type === '') throw new TypeError('uploadPhoto needs the image type: pass contentType, or a Blob that has one');
    const bytes = await bytesOf(image);
    const { data } = await this.send(() =>
      this.api.POST('/pets/{petId}/photos', {
        params: { path: { petId } },
        headers: { 'content-type': type },
        body: bytes as unknown as string,
        bodySerializer: (body: unknown) => body as string,
      }),
    );
    return data;
  }

  /** Beta. Removes a photo from an animal; its URLs answer 404 at once. */
  async deletePhoto(petId: number, photoId: string): Promise<Pet> {
    const { data } = await this.send(() => this.api.DELETE('/pets/{petId}/photos/{photoId}', { params: { path: { petId, photoId } } }));
    return data;
  }

  /** Beta. Every species with its breeds, coats and colours: the values an animal's record takes (cache it; it changes with the service). */
  async listSpecies(): Promise<Species[]> {
    const { data } = await this.send(() => this.api.GET('/species', {}));
    return data;
  }

  /** Beta. One species with its breeds, coats and colours. */
  async getSpecies(species: string): Promise<Species> {
    const { data } = await this.send(() => this.api.GET('/species/{species}', { params: { path: { species } } }));
    return data;
  }

  /** Beta. What each `categoryId` means: one category per species (cache it; it changes with the service). */
  async listCategories(): Promise<Category[]> {
    const { data } = await this.send(() => this.api.GET('/categories', {}));
    return data;
  }

  /** Beta. The shelters and rescues, in id order, filtered by country, region, postal code, ids or a place, a page at a time. */
  async *listOrganizations(query: OrganizationSearch = {}): AsyncGenerator<Organization, void, undefined> {
    let next: PageQuery | null = { ...query, ...(query.radius !== undefined && { radius: String(query.radius) }) };
    while (next !== null) {
      const params = next as NonNullable<paths['/organizations']['get']['parameters']['query']>;
      const { data, response } = await this.send(() => this.api.GET('/organizations', { params: { query: params } }));
      yield* data;
      next = nextPage(response.headers.get('link'));
    }
  }

  /** Beta. One organization: how to reach it, where it is (an animal's `organizationId` names it). */
  async getOrganization(organizationId: string): Promise<Organization> {
    const { data } = await this.send(() => this.api.GET('/organizations/{organizationId}', { params: { path: { organizationId } } }));
    return data;
  }

  /**
   * Beta. Changes your own organization from the version it was read at (`organization.version`, or
   * `'*'`); a new postal code moves its shelter animals with it. Another owner's is 403.
   */
  async updateOrganization(organizationId: string, patch: OrganizationPatch, ifMatch: number | '*'): Promise<Organization> {
    const header = { 'if-match': ifMatch === '*' ? '*' : `"${ifMatch}"` };
    const { data } = await this.send(() =>
      this.api.PATCH('/organizations/{organizationId}', { params: { path: { organizationId }, header }, body: patch }),
    );
    return data;
  }

  /** Beta. Adds a webhook endpoint; its signing secret is in this answer alone (keep it). Needs `webhooks:write`. */
  async createWebhookEndpoint(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointWithSecret> {
    const { data } = await this.send(() => this.api.POST('/webhook-endpoints', { body: endpoint }));
    return data;
  }

  /** Beta. Your owner's webhook endpoints, a page at a time. */
  async *listWebhookEndpoints(): AsyncGenerator<WebhookEndpoint, void, undefined> {
    let next: PageQuery | null = {};
    while (next !== null) {
      const params = next as { limit?: number; cursor?: string };
      const { data, response } = await this.send(() => this.api.GET('/webhook-endpoints', { params: { query: params } }));
      yield* data;
      next = nextPage(response.headers.get('link'));
    }
  }

  /** Beta. One of your webhook endpoints. */
  async getWebhookEndpoint(endpointId: string): Promise<WebhookEndpoint> {
    const { data } = await this.send(() => this.api.GET('/webhook-endpoints/{endpointId}', { params: { path: { endpointId } } }));
    return data;
  }

  /** Beta. Changes an endpoint (its URL, events, description, or enabled / disabled). */
  async updateWebhookEndpoint(endpointId: string, patch: WebhookEndpointPatch): Promise<WebhookEndpoint> {
    const { data } = await this.send(() =>
      this.api.PATCH('/webhook-endpoints/{endpointId}', { params: { path: { endpointId } }, body: patch }),
    );
    return data;
  }

  /** Beta. Removes an endpoint: nothing more is delivered to it. */
  async deleteWebhookEndpoint(endpointId: string): Promise<void> {
    await this.send(() => this.api.DELETE('/webhook-endpoints/{endpointId}', { params: { path: { endpointId } } }));
  }

  /** Beta. A new signing secret; the old one keeps signing beside it for `overlapSeconds` (a day by default). */
  async rotateWebhookSecret(endpointId: string, overlapSeconds?: number): Promise<WebhookEndpointWithSecret> {
    const { data } = await this.send(() =>
      this.api.POST('/webhook-endpoints/{endpointId}/rotate-secret', {
        params: { path: { endpointId } },
        body: overlapSeconds === undefined ? ({} as never) : { overlapSeconds },
      }),
    );
    return data;
  }

  /** Beta. What was delivered to an endpoint, newest first, a page at a time. */
  async *listWebhookDeliveries(endpointId: string): AsyncGenerator<WebhookDelivery, void, undefined> {
    let next: PageQuery | null = {};
    while (next !== null) {
      const query = next as { limit?: number; cursor?: string };
      const { data, response } = await this.send(() =>
        this.api.GET('/webhook-endpoints/{endpointId}/deliveries', { params: { path: { endpointId }, query } }),
      );
      yield* data;
      next = nextPage(response.headers.get('link'));
    }
  }

  /**
   * Beta. Saves a search (the filters of `listPets` with `near` and `radius`, `status` available unless
   * given) under your label and reference: each animal that starts matching it makes one
   * `search.matched` event for you (the feed and your webhook endpoints). Needs `searches:write`.
   */
  async createSavedSearch(search: NewSavedSearch): Promise<SavedSearch> {
    const { data } = await this.send(() => this.api.POST('/saved-searches', { body: search }));
    return data;
  }

  /** Beta. Your saved searches, a page at a time. */
  async *listSavedSearches(): AsyncGenerator<SavedSearch, void, undefined> {
    let next: PageQuery | null = {};
    while (next !== null) {
      const query = next as { limit?: number; cursor?: string };
      const { data, response } = await this.send(() => this.api.GET('/saved-searches', { params: { query } }));
      yield* data;
      next = nextPage(response.headers.get('link'));
    }
  }

  /** Beta. One of your saved searches. */
  async getSavedSearch(searchId: string): Promise<SavedSearch> {
    const { data } = await this.send(() => this.api.GET('/saved-searches/{searchId}', { params: { path: { searchId } } }));
    return data;
  }

  /** Beta. Replaces a saved search (sent whole) from the version it was read at (`search.version`, or `'*'`). */
  async replaceSavedSearch(searchId: string, search: NewSavedSearch, ifMatch: number | '*'): Promise<SavedSearch> {
    const header = { 'if-match': ifMatch === '*' ? '*' : `"${ifMatch}"` };
    const { data } = await this.send(() =>
      this.api.PUT('/saved-searches/{searchId}', { params: { path: { searchId }, header }, body: search }),
    );
    return data;
  }

  /** Beta. Keeps a saved search alerting for another 90 days from now. */
  async renewSavedSearch(searchId: string): Promise<SavedSearch> {
    const { data } = await this.send(() => this.api.POST('/saved-searches/{searchId}/renew', { params: { path: { searchId } } }));
    return data;
  }

  /** Beta. Removes a saved search at once and for good. */
  async deleteSavedSearch(searchId: string): Promise<void> {
    await this.send(() => this.api.DELETE('/saved-searches/{searchId}', { params: { path: { searchId } } }));
  }

  /** Beta. The animals a saved search finds now, as `listPets` pages them (`sort` as there; `limit` a page's size). */
  async *listSavedSearchMatches(searchId: string, query: MatchesQuery = {}): AsyncGenerator<Pet, void, undefined> {
    let next: MatchesQuery | null = query;
    while (next !== null) {
      const page: MatchesQuery = next;
      const { data, response } = await this.send(() =>
        this.api.GET('/saved-searches/{searchId}/matches', { params: { path: { searchId }, query: page } }),
      );
      yield* data;
      next = nextPage(response.headers.get('link'));
    }
  }

  /** Beta. Asks to adopt an animal; an Idempotency-Key is sent and kept across retries, as for createPet. */
  async placeOrder(order: NewOrder, options: { idempotencyKey?: string } = {}): Promise<Order> {
    const key = options.idempotencyKey ?? this.newIdempotencyKey();
    const { data } = await this.send(() => this.api.POST('/orders', { body: order, params: { header: { 'idempotency-key': key } } }));
    return data;
  }

  /** Beta. The requests this key's owner placed or that are on its animals, oldest first, a page at a time. */
  async *listOrders(query: { status?: OrderStatus; petId?: number; limit?: number } = {}): AsyncGenerator<Order, void, undefined> {
    let next: PageQuery | null = query;
    while (next !== null) {
      const params = next as { status?: OrderStatus; petId?: number; limit?: number; cursor?: string };
      const { data, response } = await this.send(() => this.api.GET('/orders', { params: { query: params } }));
      yield* data;
      next = nextPage(response.headers.get('link'));
    }
  }

  /**
   * Beta. The event feed after `after` (the id of the last event you processed; from the oldest the
   * feed keeps when absent), oldest first, a page at a time, up to the feed's current end. Keep the id
   * of the last event you processed and pass it as `after` next time. An `after` older than the feed
   * keeps throws AdoptionApiError 410 `gone`: read the lists again, then follow from the newest event.
   */
  async *listEvents(query: { after?: string; type?: EventType[]; limit?: number } = {}): AsyncGenerator<Event, void, undefined> {
    let next: PageQuery | null = query;
    while (next !== null) {
      const params = next as { after?: string; type?: EventType[]; limit?: number };
      const { data, response } = await this.send(() => this.api.GET('/events', { params: { query: params } }));
      yield* data;
      next = nextPage(response.headers.get('link'));
    }
  }

  /**
   * Beta. Where the feed stands now: the `after` from which the next change comes (null when the feed
   * holds nothing yet: follow it from its start). Take it before reading the lists you mirror, then
   * follow the feed from it, and nothing is missed (after a 410 `gone`, say).
   */
  async eventsFromNow(): Promise<string | null> {
    const { response } = await this.send(() => this.api.GET('/events', { params: { query: { from: 'now' } } }));
    const after = nextPage(response.headers.get('link'))?.after;
    return after === undefined ? null : String(after);
  }

  /** Beta. One event (404 when the caller may not see it). */
  async getEvent(eventId: string): Promise<Event> {
    const { data } = await this.send(() => this.api.GET('/events/{eventId}', { params: { path: { eventId } } }));
    return data;
  }

  /** Beta. One adoption request. */
  async getOrder(orderId: string): Promise<Order> {
    const { data } = await this.send(() => this.api.GET('/orders/{orderId}', { params: { path: { orderId } } }));
    return data;
  }

  /** Beta. Approves a request for one of your animals: it is held, pending. Safe to retry. */
  async approveOrder(orderId: string): Promise<Order> {
    const { data } = await this.send(() => this.api.POST('/orders/{orderId}/approve', { params: { path: { orderId } } }));
    return data;
  }

  /** Beta. Records that the animal went home: it is sold. Safe to retry. */
  async deliverOrder(orderId: string): Promise<Order> {
    const { data } = await this.send(() => this.api.POST('/orders/{orderId}/deliver', { params: { path: { orderId } } }));
    return data;
  }

  /** Beta. Withdraws your request, or rejects one for your animal. Safe to retry. */
  async cancelOrder(orderId: string, reason: 'withdrawn' | 'rejected'): Promise<Order> {
    const { data } = await this.send(() => this.api.POST('/orders/{orderId}/cancel', { params: { path: { orderId } }, body: { reason } }));
    return data;
  }

  /**
   * Adds an animal. An Idempotency-Key is sent (a new one unless given) and kept across retries, so
   * a create retried after a timeout or a 503 returns the first result instead of a second animal.
   */
  async createPet(pet: NewPet, options: { idempotencyKey?: string } = {}): Promise<Pet> {
    const key = options.idempotencyKey ?? this.newIdempotencyKey();
    const { data } = await this.send(() => this.api.POST('/pets', { body: pet, params: { header: { 'idempotency-key': key } } }));
    return data;
  }

  /**
   * @deprecated Removed on 5 December 2030 (the Sunset header says when): from then on, and inside
   * announced brownouts before, it throws an AdoptionApiError with code `gone` (410), never retried.
   * Use getPets([petId]).
   */
  async getPet(petId: number): Promise<Pet> {
    const { data } = await this.send(() => this.api.GET('/pets/{petId}', { params: { path: { petId } } }));
    return data;
  }

  /** The plan and the quota left in each window; spends none. */
  async rateLimit(): Promise<RateLimitStatus> {
    const { data } = await this.send(() => this.api.GET('/rate_limit'));
    return data;
  }

  /** What this key used, per hour or per day (the last 24 hours by default); spends no quota. */
  async usage(query: { granularity?: 'hour' | 'day'; from?: string; to?: string } = {}): Promise<Usage> {
    const { data } = await this.send(() => this.api.GET('/usage', { params: { query } }));
    return data;
  }

  /**
   * One call with its retries: 429 and 503 wait for Retry-After (or back off exponentially with
   * jitter when there is none); a network failure is retried only when repeating is safe (reads, and
   * creates that carry an Idempotency-Key). Any other error answer is thrown at once.
   */
  private async send<T>(attempt: Attempt<T>): Promise<{ data: T; response: Response }> {
    for (let tries = 0; ; tries++) {
      let result: Awaited<ReturnType<Attempt<T>>>;
      try {
        result = await attempt();
      } catch (networkError) {
        if (tries >= this.policy.retries) throw networkError;
        await this.sleep(this.backoff(tries));
        continue;
      }
      const { data, error, response } = result;
      if (response.ok) return { data: data as T, response };
      const body = toErrorBody(error, response);
      if (!RETRIED_STATUSES.has(response.status) && body.code !== 'idempotency_key_in_flight') throw new AdoptionApiError(body, response);
      const stated = retryAfterMs(response);
      if (tries >= this.policy.retries || (stated ?? 0) > this.policy.maxDelayMs) throw new AdoptionApiError(body, response);
      // Retry-After plus up to 10% jitter, so that many clients do not return at one instant.
      await this.sleep(stated === null ? this.backoff(tries) : Math.round(stated * (1 + Math.random() * 0.1)));
    }
  }

  /** Full jitter: a random wait up to base × 2^tries. */
  private backoff(tries: number): number {
    return Math.round(Math.random() * this.policy.baseDelayMs * 2 ** tries);
  }
}

/** An image's bytes, whatever it came as (a stream is read whole: a retry sends the same bytes). */
async function bytesOf(image: Blob | Uint8Array | ArrayBuffer | AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  if (image instanceof Uint8Array) return image;
  if (image instanceof ArrayBuffer) return new Uint8Array(image);
  if (image instanceof Blob) return new Uint8Array(await image.arrayBuffer());
  const parts: Uint8Array[] = [];
  for await (const part of image) parts.push(part);
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** Retry-After (delay-seconds) in ms, or null when the answer has none. */
function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

function toErrorBody(error: unknown, response: Response): ErrorBody {
  const candidate = error as Partial<ErrorBody> | undefined;
  if (candidate && typeof candidate.code === 'string' && typeof candidate.message === 'string') return candidate as ErrorBody;
  return { code: 'internal_error', message: `Unexpected answer ${response.status} ${response.statusText}`, status: response.status };
}

/** A list's query, as a Link rel="next" carries it. */
type PageQuery = Record<string, string | number | boolean | number[] | string[]>;

/** The query of the `Link: <...>; rel="next"` target, or null on the last page: numbers as numbers, `id` as a list. */
function nextPage(link: string | null): PageQuery | null {
  const target = link && /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  if (!target) return null;
  const query: PageQuery = {};
  for (const [name, value] of new URL(target, 'http://link.invalid').searchParams) {
    if (name === 'id') query.id = value.split(',').map(Number);
    else if (name === 'type') query.type = value.split(',');
    else query[name] = name === 'limit' || name === 'petId' ? Number(value) : value;
  }
  return query;
}
