// Generated from GET /v1/openapi.json by openapi-typescript (npm run generate -w clients/typescript). Do not edit.
export interface paths {
    "/rate_limit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's plan and remaining quota, without spending any
         * @description Where the API key stands in each window of its plan, as the rate-limit headers would say after a request, but computed without counting one: calling this operation spends no quota. The response carries the usual rate-limit headers.
         */
        get: operations["getRateLimit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling key's requests, per hour or per day, without spending quota
         * @description What your API key used: per bucket, requests admitted, refused (limited, banned), and among the admitted those answered 4xx and 5xx, with a count per operation. Only the calling key's usage is shown, and calling this operation spends no quota (any key may call it, whatever its scopes); its rate-limit headers say where the key stands, as for `GET /rate_limit`. Counts reach the report within 10 seconds. `from` and `to` select the range (by default the last 24 hours, or 30 days); a range reaching back further than the granularity is kept, or covering more than 1000 buckets, is refused with 400.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and find animals: by what adopters ask, near a place, in the order asked
         * @description By id unless `sort` says otherwise. Every filter given must hold (values of one filter are alternatives: `species=cat,dog`); an unknown parameter or value is refused with 400, never ignored. `near` (a postal code, or `lat,lng`) keeps the animals within `radius` (100 miles by default, at most 500, in km when it ends in `km`) and gives each its `distance` in that unit, whole, between postal codes' centres; each animal is where its `place` says: its foster home's place, or else its organization's (an animal whose organization has no place yet is not near anywhere). `expand=organization` embeds each animal's organization (name, website, place), so a listing page is one call. `sort=random` with a `seed` gives one order, page after page. When more exist, the response carries a `Link: <...>; rel="next"` header whose URL (with an opaque `cursor`) fetches the next page: no animal twice, none that did not change missed, in every order. `total=true` counts what the search finds (`X-Total-Count`). `id` asks for given animals (the replacement for `GET /pets/{petId}`). Each animal carries its `version`: `"<version>"` is its ETag, for If-Match.
         */
        get: operations["listPets"];
        put?: never;
        /**
         * Add an animal
         * @description Needs an API key with the `pets:write` scope: a key without it gets 403 `forbidden`, and the request still counts against its limits. Send an `Idempotency-Key` header to make retries safe: a repeat with the same key and the same body returns the first response (marked `Idempotent-Replayed: true`) and adds nothing; the same key with another body is refused with 422; a repeat while the first is still being processed gets 409 with Retry-After. Only successful creates are remembered, so after a 400 or a 503 the same key may be used again.
         */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fetch one animal by id (deprecated: use GET /pets?id={petId})
         * @deprecated
         * @description Deprecated; removed on 2030-12-05T00:00:00.000Z. Responses carry Deprecation, Sunset and Link headers. From the sunset on, every call answers 410 `gone` (still counted against the key's limits); so does every call inside an announced brownout before it. Use `GET /pets?id={petId}` instead (several ids at once: `id=1,2`).
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        /**
         * Remove an animal
         * @description Needs the `pets:write` scope and a key of the animal's owner (another owner's key gets 403 and nothing changes). Afterwards the animal is in no list and every request for it gets 404. `If-Match` is honoured when sent (412 when the animal changed since). An animal held by an approved adoption request cannot be removed (409 `pet_held`: cancel that request first); its placed requests are cancelled (reason `pet_deleted`).
         */
        delete: operations["deletePet"];
        options?: never;
        head?: never;
        /**
         * Change an animal: its name, category, status or record
         * @description Needs the `pets:write` scope, and a key of the animal's owner (another owner's key gets 403 and nothing changes). Send the fields to change as a JSON merge patch (RFC 7396; `application/merge-patch+json` or `application/json`), and `If-Match` with the ETag the animal was read at: without it 428, with one that is no longer current 412 (with the current ETag); so of concurrent changes read at one version exactly one lands. A change that changes nothing answers 200 with the same version. Status moves as the transitions say (available → pending or sold; pending → available or sold; sold → available); a sold animal cannot become pending (409 `invalid_transition`), and an animal held by an approved adoption request changes status only through that request (409 `pet_held`). Marking an animal sold cancels its placed adoption requests (reason `pet_adopted`).
         */
        patch: operations["updatePet"];
        trace?: never;
    };
    "/sources/{source}/pets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fetch one of your animals by its id in your shelter software
         * @description Within your own animals only: a reference is unique among one organization's animals, and another organization's animal with the same reference is never found or changed. 404 when none of your animals has it.
         */
        get: operations["getPetByReference"];
        /**
         * Create or update an animal by its id in your shelter software
         * @description Needs `pets:write`. Within your own animals only: a reference is unique among one organization's animals, and another organization's animal with the same reference is never found or changed. The body is the animal whole, as `POST /pets` takes it: a record field left out is unknown (null), `status` left out keeps the current one (default `available` for a new animal); photos are kept. A push that changes nothing (sent again, or retried) answers 200 with the same version, writes nothing and makes no event. 201 when the push made the animal. Two pushes of one new reference at once make one animal: the other push updates it. `If-Match` makes it an update of that version only (412 when there is none, or when it changed); `If-None-Match: *` a create only (412 when the reference exists). A removed animal gives its reference up: a push of it again makes a new animal.
         */
        put: operations["pushPet"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List adoption requests: those the caller's owner placed, and those on its animals
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Oldest first. When more exist, the response carries `Link: <...>; rel="next"`; pass its `cursor` back with the same filters.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Ask to adopt an animal (place an adoption request)
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `pets:write` scope. A request for an animal that does not exist gets 422 `pet_not_found`; one for a sold animal 409 `pet_not_available`. Several placed requests per animal are allowed (a waiting list); the animal's owner approves one. Send an `Idempotency-Key` to make retries safe: a repeat with the same key and body returns the request it placed, as it stands now, with `Idempotent-Replayed: true`; the same key with another body gets 422.
         */
        post: operations["placeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one adoption request
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     A request neither placed by the caller's owner nor on its animals gets 404, as one that does not exist.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an adoption request: the animal is held for it
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Only keys of the animal's owner (others get 403). placed → approved; the animal becomes `pending`, held by this request: its status then moves only through it. One approved request per animal: when another holds it, or it is sold or removed, 409 `pet_not_available`. Exclusive under concurrency: of approvals for one animal sent at once, on any number of instances, exactly one succeeds. An action into the state the request is already in answers 200 and changes nothing (a safe retry); from delivered or cancelled any other action gets 409 `invalid_transition`. Takes no body (an empty JSON object is accepted).
         */
        post: operations["approveOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/deliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record that the animal went home: the adoption is done
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Only keys of the animal's owner (others get 403). approved → delivered; the animal becomes `sold` with `adoptedAt`, and its other placed requests are cancelled (reason `pet_adopted`). An action into the state the request is already in answers 200 and changes nothing (a safe retry); from delivered or cancelled any other action gets 409 `invalid_transition`. Takes no body (an empty JSON object is accepted).
         */
        post: operations["deliverOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw or reject an adoption request
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     `withdrawn`: by the owner that placed it; `rejected`: by the animal's owner (anyone else gets 403). placed or approved → cancelled; an animal held by the request is available again. An action into the state the request is already in answers 200 and changes nothing (a safe retry); from delivered or cancelled any other action gets 409 `invalid_transition`.
         */
        post: operations["cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow every change: the event feed
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Every change to an animal (`pet.created`, `pet.updated`, `pet.deleted`) and to an adoption request (`order.*`), oldest first, in one order that never changes once read: pass the id of the last event you have as `after` and you get exactly what came after it. Animal events are visible to every key; an adoption request's only to the owner that placed it and the owner of its animal. Events appear within about a second of their change and are kept for 30 days (`EVENT_RETENTION_DAYS`); an `after` older than that gets 410 `gone`: take the feed's position with `from=now` (one call: an empty page whose next link starts with the next change), read the list again, then follow that link. When more exist, the response carries `Link: <...>; rel="next"`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one event
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     An event the caller may not see gets 404, as one that does not exist.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an animal's categoryId means: one category per species
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `pets:read` scope. Every `categoryId` this API names, each the category of one species (1 Dog, 2 Cat, 3 Rabbit, 4 Small & Furry, 5 Horse, 6 Bird, 7 Scales, Fins & Other, 8 Barnyard). A create or change with another id is still taken, as an organization's own grouping that means nothing to other partners; send one of these so that partners can read it. Cached and revalidated as the species are.
         */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/species": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every species, with its breeds, coats and colours
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `pets:read` scope. The values an animal's `species`, `breeds`, `coat` and `colors` take. Reference data: versioned with the service, with a strong `ETag`, cacheable for a day (`Cache-Control`); send the ETag as `If-None-Match` to get 304 while it is current. Each call counts against the key's limits, as every call does.
         */
        get: operations["listSpecies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/species/{species}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One species, with its breeds, coats and colours
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `pets:read` scope. Cached and revalidated as the list is.
         */
        get: operations["getSpecies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a photo to an animal: the image is the body
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `pets:write` scope and a key of the animal's owner (another owner's key gets 403 and nothing is stored). Send the image itself as the body, `Content-Type: image/jpeg`, `image/png` or `image/webp`, up to 10 MiB (413 beyond, before the body is read). The bytes must be that image, whole and alone (400 `image_invalid` otherwise: another format than declared, cut short, followed by other data, or more than 40 megapixels). It is decoded, turned as its orientation says and re-encoded into every variant: no EXIF, GPS or other metadata of the upload is ever served. Up to 12 photos an animal (409 `photo_limit_reached`). The same bytes sent again for the same animal are the same photo: 200 with the animal as it is, nothing added, so a retried upload is safe without an `Idempotency-Key` (one sent is not read: the bytes are the key). Answers the animal with its photos (one `pet.updated` event).
         */
        post: operations["uploadPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}/photos/{photoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a photo from an animal
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `pets:write` scope and a key of the animal's owner (another owner's key gets 403 and nothing changes). `If-Match` is honoured when sent. Its URLs answer 404 at once, on every instance. Answers the animal (one `pet.updated` event).
         */
        delete: operations["deletePhoto"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/photos/{photoId}/{size}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A photo's variant, for an <img> (no key)
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     No key: a browser loads it for an `<img>` on any page. Limited per client address under a quota of photo reads, 600 a minute and 20,000 a day, counted apart from the address's other calls without a key. WebP when the request's `Accept` names `image/webp`, else JPEG (`Vary: Accept`). `Access-Control-Allow-Origin: *` on every answer, so a script or a canvas on any page may use it. The URL always names the same bytes: a strong `ETag`, `Cache-Control: public, max-age=31536000, immutable`, 304 to `If-None-Match`. One byte `Range` gets 206 (a range past the end, 416 `range_not_satisfiable` with `Content-Range: bytes *\/length`); several ranges, the whole variant. A removed photo answers 404 at once. Each photo's `variants` give every variant's own `width` and `height` (for `srcset`). Sizes, on the longest edge: small 300 px, medium 600 px, large 1000 px, full 1600 px; never enlarged.
         */
        get: operations["getPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-searches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the owner's saved searches
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `searches:write` scope (or `pets:write`, which grants it). Only the key owner's saved searches are seen: another owner's answers 404, as one that does not exist. In id order. When more exist, the response carries `Link: <...>; rel="next"`.
         */
        get: operations["listSavedSearches"];
        put?: never;
        /**
         * Save a search, to be alerted when an animal starts matching it
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `searches:write` scope (or `pets:write`, which grants it). Only the key owner's saved searches are seen: another owner's answers 404, as one that does not exist. The search takes the filters of `GET /v1/pets` with `near` and `radius`, checked by the same rules (400 naming the parameter; nothing is stored). From now on, each animal that starts matching it (listed matching, changed into a match, back to available, moved near) makes one `search.matched` event for its owner, in the feed and to its webhook endpoints. It alerts for 90 days unless renewed. An owner keeps at most, by its key's plan: free 25, pro 5,000, business 250,000, enterprise 1,000,000; one more gets 409 `saved_search_limit_reached`.
         */
        post: operations["createSavedSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-searches/{searchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one saved search
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `searches:write` scope (or `pets:write`, which grants it). Only the key owner's saved searches are seen: another owner's answers 404, as one that does not exist.
         */
        get: operations["getSavedSearch"];
        /**
         * Change a saved search: its label, reference and search, sent whole
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `searches:write` scope (or `pets:write`, which grants it). Only the key owner's saved searches are seen: another owner's answers 404, as one that does not exist. Needs `If-Match` with the ETag it was read at (428 without, 412 when it changed since). The search is checked as at creation. Animals matching the new search alert when they next start matching it; a change that changes nothing keeps the version.
         */
        put: operations["replaceSavedSearch"];
        post?: never;
        /**
         * Remove a saved search, at once and for good
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `searches:write` scope (or `pets:write`, which grants it). Only the key owner's saved searches are seen: another owner's answers 404, as one that does not exist. It alerts no more, and nothing of it is kept. `If-Match` is honoured when sent.
         */
        delete: operations["deleteSavedSearch"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-searches/{searchId}/renew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Keep a saved search alerting for another 90 days
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `searches:write` scope (or `pets:write`, which grants it). Only the key owner's saved searches are seen: another owner's answers 404, as one that does not exist. Sets `expiresAt` 90 days from now, an expired search included (changes made while it was expired sent no alert). `If-Match` is honoured when sent.
         */
        post: operations["renewSavedSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-searches/{searchId}/matches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The animals a saved search finds now
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `searches:write` scope (or `pets:write`, which grants it). Only the key owner's saved searches are seen: another owner's answers 404, as one that does not exist. The same page `GET /v1/pets` answers with the search's parameters, paged, sorted and shaped alike (`limit`, `cursor`, `sort`, `seed`, `total`, `fields`, `expand`).
         */
        get: operations["listSavedSearchMatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shelters and rescues, optionally by country, region or postal code
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     In ascending id order, paged with `Link: <...>; rel="next"`. Filters combine; a region or postal code the offline dataset does not know is refused with 400, never ignored.
         */
        get: operations["listOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one organization: how to reach it, where it is, its policy and hours
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     An animal's organization is the one whose id is the animal's `organizationId` (its `ownerId`). Cacheable: `Cache-Control: private, max-age=60`, then send its ETag as `If-None-Match` to get 304 while it is current.
         */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the caller's own organization
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `pets:write` scope and a key of this organization (its owner id): another owner's key gets 403 and nothing changes. Send the fields to change as a JSON merge patch (RFC 7396) and `If-Match` with the ETag it was read at: without it 428, with one no longer current 412. A location is a postal code and country, its city and region taken from the offline dataset; an unknown postal code is a 400. A change that changes nothing answers 200 with the same version. Every change is written to the audit log.
         */
        patch: operations["updateOrganization"];
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the owner's webhook endpoints
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. Oldest first. When more exist, the response carries `Link: <...>; rel="next"`.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Have events pushed to a URL (make a webhook endpoint)
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. The URL must be https, carry no user name or password, and its host must resolve to public addresses only: an address that is loopback, private, link-local, shared (CGNAT), multicast or otherwise reserved, in any spelling, gets 422 `url_not_allowed`. Each owner may have up to `WEBHOOK_ENDPOINTS_PER_OWNER` endpoints (10 by default); one more gets 409 `endpoint_limit_reached`. The answer carries the signing secret, **shown only here**.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one webhook endpoint
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. The secret is not shown: rotate it to get a new one.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Remove a webhook endpoint
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. Nothing more is delivered to it.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint: its URL, event types, description, or status
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. A new URL is checked as at creation (422 `url_not_allowed`). `status: disabled` stops deliveries; `enabled` resumes them and clears `disabledReason`. A change that changes nothing answers 200 with the same version.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a webhook endpoint a new signing secret, the old one signing beside it for a while
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. Until `overlapSeconds` (default a day; 0 ends the old secret now) every delivery carries two signatures, space-separated, one under each secret, so a receiver can switch without missing one. The answer carries the new secret, **shown only here**.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries and their attempts
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. Newest first, kept 30 days; `status` keeps one status. Each delivery lists its attempts: when, the HTTP status or why there was none, and how long it took. When more exist, the response carries `Link: <...>; rel="next"`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one delivery and its attempts
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one delivery again now
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. Whatever its status, the delivery is due at once: the next attempt (within a second) carries the same `webhook-id`, a new `webhook-timestamp` and a new signature. If it fails, the retry schedule goes on from the attempts already made. The 202 carries the delivery as it is now, `status: pending` with `nextAttemptAt` now: read it again for the attempt's outcome.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again everything that failed since a time
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. Every failed, exhausted or skipped delivery made at or after `since` (at most 30 days ago) is due again: the oldest 1000 per call (call again with a later `since` for more). They are sent like every delivery, in parallel and so in no set order. `recovered` counts each delivery made due, including a retry that fell due while the endpoint was disabled (kept as skipped, never attempted). Enable a disabled endpoint first: while it is disabled, what comes due is skipped again.
         */
        post: operations["recoverWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed test event now and see what the endpoint answers
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the key's owner: another owner's endpoint gets 404, as one that does not exist. A `webhook.test` event (`data.endpointId`), signed like every delivery, is sent at once, even to a disabled endpoint; the answer says what the endpoint replied and how long it took. It is recorded in the deliveries log and never retried.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/publishing/destinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the owner's publishing destinations
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `publishing:write` scope (no other scope grants it). Only the destinations of the key's owner: another owner's destination gets 404, as one that does not exist, and nothing changes. Oldest first. When more exist, the response carries `Link: <...>; rel="next"`.
         */
        get: operations["listPublishingDestinations"];
        put?: never;
        /**
         * Publish the owner's animals to an adoption site (make a destination)
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `publishing:write` scope (no other scope grants it). Only the destinations of the key's owner: another owner's destination gets 404, as one that does not exist, and nothing changes. The host (the site's own unless given) must resolve to public addresses only, as for webhooks: otherwise 422 `host_not_allowed`. The password is kept encrypted and is never shown again. Each owner may have up to `PUBLISHING_DESTINATIONS_PER_OWNER` (10 by default); one more gets 409 `destination_limit_reached`.
         */
        post: operations["createPublishingDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/publishing/destinations/{destinationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one publishing destination
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `publishing:write` scope (no other scope grants it). Only the destinations of the key's owner: another owner's destination gets 404, as one that does not exist, and nothing changes. The password is not shown.
         */
        get: operations["getPublishingDestination"];
        put?: never;
        post?: never;
        /**
         * Remove a publishing destination
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `publishing:write` scope (no other scope grants it). Only the destinations of the key's owner: another owner's destination gets 404, as one that does not exist, and nothing changes. Nothing more is uploaded to it; what the site lists stays until the site removes it.
         */
        delete: operations["deletePublishingDestination"];
        options?: never;
        head?: never;
        /**
         * Change a publishing destination: its host, port, account, status, or password
         * @description Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).
         *
         *     Needs the `publishing:write` scope (no other scope grants it). Only the destinations of the key's owner: another owner's destination gets 404, as one that does not exist, and nothing changes. With `If-Match`, only from the version read (412 when it changed since). A new host is checked as at creation (422 `host_not_allowed`); a password sent replaces the one kept. A change that changes nothing answers 200 with the same version.
         */
        patch: operations["updatePublishingDestination"];
        trace?: never;
    };
}
export interface webhooks {
    "pet.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A pet.created event
         * @description Sent to every enabled endpoint whose enabledEvents has `pet.created` (or `*`) and whose owner may see the event, once the event is in the feed. At least once: deduplicate on `webhook-id`, and order by `sequence` per object.
         */
        post: operations["petCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "pet.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A pet.updated event
         * @description Sent to every enabled endpoint whose enabledEvents has `pet.updated` (or `*`) and whose owner may see the event, once the event is in the feed. At least once: deduplicate on `webhook-id`, and order by `sequence` per object.
         */
        post: operations["petUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "pet.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A pet.deleted event
         * @description Sent to every enabled endpoint whose enabledEvents has `pet.deleted` (or `*`) and whose owner may see the event, once the event is in the feed. At least once: deduplicate on `webhook-id`, and order by `sequence` per object.
         */
        post: operations["petDeletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.placed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A order.placed event
         * @description Sent to every enabled endpoint whose enabledEvents has `order.placed` (or `*`) and whose owner may see the event, once the event is in the feed. At least once: deduplicate on `webhook-id`, and order by `sequence` per object.
         */
        post: operations["orderPlacedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A order.approved event
         * @description Sent to every enabled endpoint whose enabledEvents has `order.approved` (or `*`) and whose owner may see the event, once the event is in the feed. At least once: deduplicate on `webhook-id`, and order by `sequence` per object.
         */
        post: operations["orderApprovedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A order.delivered event
         * @description Sent to every enabled endpoint whose enabledEvents has `order.delivered` (or `*`) and whose owner may see the event, once the event is in the feed. At least once: deduplicate on `webhook-id`, and order by `sequence` per object.
         */
        post: operations["orderDeliveredWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A order.cancelled event
         * @description Sent to every enabled endpoint whose enabledEvents has `order.cancelled` (or `*`) and whose owner may see the event, once the event is in the feed. At least once: deduplicate on `webhook-id`, and order by `sequence` per object.
         */
        post: operations["orderCancelledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "search.matched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A search.matched event
         * @description Sent to every enabled endpoint whose enabledEvents has `search.matched` (or `*`) and whose owner may see the event, once the event is in the feed. At least once: deduplicate on `webhook-id`, and order by `sequence` per object.
         */
        post: operations["searchMatchedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event
         * @description Sent once by `POST /webhook-endpoints/{endpointId}/test`, signed like every delivery; never retried.
         */
        post: operations["webhookTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * RateLimitWindow
         * @description Where the key stands in one window of its plan
         */
        RateLimitWindow: {
            /** @description Requests allowed in the window */
            limit: number;
            /** @description Requests counted in the window now */
            used: number;
            /** @description Requests left in the window */
            remaining: number;
            /** @description Unix time in seconds at which every request counted in the window has left it */
            reset: number;
        };
        /**
         * RateLimitStatus
         * @description The caller's plan and its windows, computed without spending quota
         */
        RateLimitStatus: {
            /**
             * @description The API key's plan
             * @enum {string}
             */
            plan: "free" | "pro" | "business" | "enterprise";
            /** @description The window closest to exhaustion: what the X-RateLimit-* headers report */
            rate: components["schemas"]["RateLimitWindow"];
            /** @description Each window of the plan */
            windows: {
                minute: components["schemas"]["RateLimitWindow"];
                day: components["schemas"]["RateLimitWindow"];
            };
            /** @description Seconds until a request would be admitted, when one would be refused now; else null */
            retryAfter: number | null;
            /** @description Unix time in seconds until which the key is blocked for sending while limited; else null */
            blockedUntil: number | null;
        };
        /**
         * Error
         * @description Every error response: a stable code, a message for people, and the HTTP status repeated
         */
        Error: {
            /**
             * @description Machine-readable error code
             * @enum {string}
             */
            code: "invalid_request" | "invalid_json" | "unauthorized" | "forbidden" | "not_found" | "route_not_found" | "method_not_allowed" | "request_timeout" | "precondition_failed" | "precondition_required" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "range_not_satisfiable" | "idempotency_key_in_flight" | "gone" | "idempotency_key_reused" | "rate_limited" | "key_banned" | "address_banned" | "header_fields_too_large" | "service_unavailable" | "internal_error" | "key_not_active" | "invalid_transition" | "pet_held" | "pet_not_available" | "pet_not_found" | "photo_limit_reached" | "saved_search_limit_reached" | "image_invalid" | "organization_exists" | "url_not_allowed" | "endpoint_limit_reached" | "host_not_allowed" | "destination_limit_reached";
            /** @description Human-readable description */
            message: string;
            /** @description The HTTP status code, repeated */
            status: number;
        };
        /**
         * UsageBucket
         * @description Requests made with the key in one bucket; admitted + limited + banned is every request
         */
        UsageBucket: {
            /**
             * Format: date-time
             * @description When the bucket begins (UTC); it lasts one granularity
             */
            start: string;
            /** @description Requests the rate limiter admitted */
            admitted: number;
            /** @description Requests refused with 429 rate_limited */
            limited: number;
            /** @description Requests refused with 429 key_banned */
            banned: number;
            /** @description Admitted requests answered with a 4xx status */
            clientErrors: number;
            /** @description Admitted requests answered with a 5xx status */
            serverErrors: number;
            /** @description Requests per operation (operationId), whatever their outcome; operations not called are left out */
            byOperation: {
                /** @description Requests to getRateLimit */
                getRateLimit?: number;
                /** @description Requests to getUsage */
                getUsage?: number;
                /** @description Requests to listPets */
                listPets?: number;
                /** @description Requests to createPet */
                createPet?: number;
                /** @description Requests to getPet */
                getPet?: number;
                /** @description Requests to updatePet */
                updatePet?: number;
                /** @description Requests to deletePet */
                deletePet?: number;
                /** @description Requests to pushPet */
                pushPet?: number;
                /** @description Requests to getPetByReference */
                getPetByReference?: number;
                /** @description Requests to placeOrder */
                placeOrder?: number;
                /** @description Requests to listOrders */
                listOrders?: number;
                /** @description Requests to getOrder */
                getOrder?: number;
                /** @description Requests to approveOrder */
                approveOrder?: number;
                /** @description Requests to deliverOrder */
                deliverOrder?: number;
                /** @description Requests to cancelOrder */
                cancelOrder?: number;
                /** @description Requests to listEvents */
                listEvents?: number;
                /** @description Requests to getEvent */
                getEvent?: number;
                /** @description Requests to listCategories */
                listCategories?: number;
                /** @description Requests to listSpecies */
                listSpecies?: number;
                /** @description Requests to getSpecies */
                getSpecies?: number;
                /** @description Requests to uploadPhoto */
                uploadPhoto?: number;
                /** @description Requests to deletePhoto */
                deletePhoto?: number;
                /** @description Requests to getPhoto */
                getPhoto?: number;
                /** @description Requests to createSavedSearch */
                createSavedSearch?: number;
                /** @description Requests to listSavedSearches */
                listSavedSearches?: number;
                /** @description Requests to getSavedSearch */
                getSavedSearch?: number;
                /** @description Requests to replaceSavedSearch */
                replaceSavedSearch?: number;
                /** @description Requests to deleteSavedSearch */
                deleteSavedSearch?: number;
                /** @description Requests to renewSavedSearch */
                renewSavedSearch?: number;
                /** @description Requests to listSavedSearchMatches */
                listSavedSearchMatches?: number;
                /** @description Requests to listOrganizations */
                listOrganizations?: number;
                /** @description Requests to getOrganization */
                getOrganization?: number;
                /** @description Requests to updateOrganization */
                updateOrganization?: number;
                /** @description Requests to createWebhookEndpoint */
                createWebhookEndpoint?: number;
                /** @description Requests to listWebhookEndpoints */
                listWebhookEndpoints?: number;
                /** @description Requests to getWebhookEndpoint */
                getWebhookEndpoint?: number;
                /** @description Requests to updateWebhookEndpoint */
                updateWebhookEndpoint?: number;
                /** @description Requests to deleteWebhookEndpoint */
                deleteWebhookEndpoint?: number;
                /** @description Requests to rotateWebhookSecret */
                rotateWebhookSecret?: number;
                /** @description Requests to listWebhookDeliveries */
                listWebhookDeliveries?: number;
                /** @description Requests to getWebhookDelivery */
                getWebhookDelivery?: number;
                /** @description Requests to retryWebhookDelivery */
                retryWebhookDelivery?: number;
                /** @description Requests to recoverWebhookDeliveries */
                recoverWebhookDeliveries?: number;
                /** @description Requests to testWebhookEndpoint */
                testWebhookEndpoint?: number;
                /** @description Requests to createPublishingDestination */
                createPublishingDestination?: number;
                /** @description Requests to listPublishingDestinations */
                listPublishingDestinations?: number;
                /** @description Requests to getPublishingDestination */
                getPublishingDestination?: number;
                /** @description Requests to updatePublishingDestination */
                updatePublishingDestination?: number;
                /** @description Requests to deletePublishingDestination */
                deletePublishingDestination?: number;
            };
        };
        /**
         * Usage
         * @description A key's requests over a range of buckets
         */
        Usage: {
            /** @description The key the usage is of */
            keyId: string;
            /**
             * @description The size of each bucket
             * @enum {string}
             */
            granularity: "minute" | "hour" | "day";
            /** @description Oldest first; every bucket of the range, the empty ones included */
            buckets: components["schemas"]["UsageBucket"][];
        };
        /**
         * PetStatus
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        /** Photo */
        Photo: {
            /** @description The photo, content-addressed: the same bytes for the same animal are one photo */
            id: string;
            /** @description Its width once oriented, in pixels, as uploaded */
            width: number;
            /** @description Its height once oriented, in pixels, as uploaded */
            height: number;
            /** @description Paths of its variants on this API (prefix the API origin), up to 300, 600, 1,000 and 1,600 pixels on the longest edge, never enlarged; each JPEG or WebP as the request Accepts, public, cacheable for a year */
            urls: {
                /** @description The small variant's path on this API */
                small: string;
                /** @description The medium variant's path on this API */
                medium: string;
                /** @description The large variant's path on this API */
                large: string;
                /** @description The full variant's path on this API */
                full: string;
            };
            /** @description Each variant's path and its own size, equal to the served bytes (for `srcset` with `w` descriptors): `full` is the photo fitted inside 1,600 pixels, the others inside 300, 600 and 1,000 */
            variants: {
                small: {
                    /** @description The small variant's path on this API */
                    url: string;
                    /** @description Its width in pixels: that of the served image */
                    width: number;
                    /** @description Its height in pixels: that of the served image */
                    height: number;
                };
                medium: {
                    /** @description The medium variant's path on this API */
                    url: string;
                    /** @description Its width in pixels: that of the served image */
                    width: number;
                    /** @description Its height in pixels: that of the served image */
                    height: number;
                };
                large: {
                    /** @description The large variant's path on this API */
                    url: string;
                    /** @description Its width in pixels: that of the served image */
                    width: number;
                    /** @description Its height in pixels: that of the served image */
                    height: number;
                };
                full: {
                    /** @description The full variant's path on this API */
                    url: string;
                    /** @description Its width in pixels: that of the served image */
                    width: number;
                    /** @description Its height in pixels: that of the served image */
                    height: number;
                };
            };
        };
        /**
         * Pet
         * @description An animal, as stored
         * @example {
         *       "id": 42,
         *       "name": "Rex",
         *       "categoryId": 1,
         *       "status": "available",
         *       "version": 1,
         *       "createdAt": "2026-11-25T10:00:00.000Z",
         *       "updatedAt": "2026-11-25T10:00:00.000Z",
         *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
         *       "adoptedAt": null,
         *       "ownerId": "acct_1042",
         *       "organizationId": "acct_1042",
         *       "publishedAt": "2026-11-25T10:00:00.000Z",
         *       "species": "dog",
         *       "breeds": {
         *         "primary": "Labrador Retriever",
         *         "secondary": null,
         *         "mixed": true
         *       },
         *       "sex": "male",
         *       "ageGroup": "young",
         *       "birthDate": {
         *         "date": "2025-04-01",
         *         "exact": false
         *       },
         *       "size": "large",
         *       "coat": "Short",
         *       "colors": {
         *         "primary": "Black",
         *         "secondary": null
         *       },
         *       "goodWith": {
         *         "children": true,
         *         "dogs": true,
         *         "cats": null
         *       },
         *       "attributes": {
         *         "spayedNeutered": true,
         *         "houseTrained": true,
         *         "specialNeeds": false,
         *         "specialNeedsDetails": null,
         *         "shotsCurrent": true,
         *         "microchipped": true
         *       },
         *       "description": "Rex loves long walks and knows sit, down and paw.",
         *       "adoptionFee": {
         *         "amount": 15000,
         *         "currency": "USD"
         *       },
         *       "tags": [
         *         "playful",
         *         "loves water"
         *       ],
         *       "location": null,
         *       "photos": [],
         *       "primaryPhoto": null,
         *       "photoCount": 0,
         *       "place": {
         *         "postalCode": "94110",
         *         "city": "San Francisco",
         *         "region": "CA",
         *         "country": "US",
         *         "kind": "organization"
         *       },
         *       "reference": {
         *         "source": "shelterluv",
         *         "id": "A-1024"
         *       }
         *     }
         */
        Pet: {
            /**
             * Format: int64
             * @description Unique identifier assigned by the service. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded.
             */
            id: number;
            /** @description The animal's name */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded.
             */
            categoryId: number;
            /** @description Availability of the animal. Transitions: available → pending or sold; pending → available or sold; sold → available */
            status: components["schemas"]["PetStatus"];
            /** @description 1 when the animal was added, one more at every change. The ETag is this number in quotes (`"3"`): send it as If-Match to change the animal */
            version: number;
            /**
             * Format: date-time
             * @description When the animal was added (RFC 3339, UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the animal last changed
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @description When its status last changed (when it was added, if never since)
             */
            statusChangedAt: string;
            /**
             * Format: date-time
             * @description When it became sold, while it is sold; null otherwise
             */
            adoptedAt: string | null;
            /** @description Whose animal it is: the owner of the API key that added it (the key's owner id, or for a key without one, the id of the first key of its rotation chain). Only keys of this owner may change or remove it, or decide its adoption requests. null for animals added before owners were recorded */
            ownerId: string | null;
            /** @description The organization whose animal it is, the id GET /v1/organizations/{id} answers: its owner (`ownerId`). null for animals added before owners were recorded */
            organizationId: string | null;
            /**
             * Format: date-time
             * @description When it was first listed as available (kept whatever its status does since); null while it never was
             */
            publishedAt: string | null;
            /** @description The species (GET /v1/species); null when not given */
            species: string | null;
            /** @description The animal's breeds; null when not given */
            breeds: {
                primary: string;
                /** @description A second breed */
                secondary: string | null;
                /** @description A mix */
                mixed: boolean;
            } | null;
            /** @description female, male or unknown; null when not given */
            sex: string | null;
            /** @description baby, young, adult or senior; null when not given */
            ageGroup: string | null;
            /** @description When it was born; null when not given. Independent of ageGroup: the API derives neither from the other */
            birthDate: {
                /** Format: date */
                date: string;
                /** @description False when estimated */
                exact: boolean;
            } | null;
            /** @description small, medium, large or extra-large; null when not given */
            size: string | null;
            /** @description The coat; null when not given */
            coat: string | null;
            /** @description Its colours; null when not given */
            colors: {
                primary: string;
                /** @description A second colour */
                secondary: string | null;
            } | null;
            /** @description Whom it is good with: true, false, or null when unknown (never a guess) */
            goodWith: {
                /** @description Good with children */
                children: boolean | null;
                /** @description Good with dogs */
                dogs: boolean | null;
                /** @description Good with cats */
                cats: boolean | null;
            };
            /** @description Its health and habits: true, false, or null when unknown */
            attributes: {
                /** @description Spayed or neutered */
                spayedNeutered: boolean | null;
                /** @description House-trained */
                houseTrained: boolean | null;
                /** @description Has special needs */
                specialNeeds: boolean | null;
                /** @description What the special needs are */
                specialNeedsDetails: string | null;
                /** @description Vaccinations up to date */
                shotsCurrent: boolean | null;
                /** @description Microchipped */
                microchipped: boolean | null;
            };
            /** @description Plain text, served whole; null when not given */
            description: string | null;
            /** @description The adoption fee; null when not given */
            adoptionFee: {
                /** @description In the currency's minor units (cents) */
                amount: number;
                /** @description ISO 4217 */
                currency: string;
            } | null;
            /** @description Short words; empty when none */
            tags: string[];
            /** @description Where it can be met when that is not its organization's place (a foster home), as coarse as a postal code; null: at its organization's (GET /v1/organizations/{ownerId}) */
            location: {
                /** @description The postal code (five digits in the US) */
                postalCode: string;
                /** @description The postal code's city */
                city: string;
                /** @description Its region: a US state or territory code, such as NY */
                region: string;
                /** @description ISO 3166-1 alpha-2 */
                country: string;
            } | null;
            /** @description Its photos (up to 12), in the order to show them: POST /v1/pets/{petId}/photos adds one, PATCH `photos` reorders them */
            photos: components["schemas"]["Photo"][];
            /** @description The first of its photos, the one a listing shows; null when it has none */
            primaryPhoto: components["schemas"]["Photo"] | null;
            /** @description How many photos it has */
            photoCount: number;
            /** @description Where the animal can be met, read-only: its foster home's place (`location`) when it has one, else its organization's (the organization's `location`), as coarse as a postal code; `near` searches it. Follows the organization when it moves. null while its organization has no place (no profile yet, or none with a location). To put the animal in a foster home, set `location`; to bring it back, set `location` to null */
            place: {
                /** @description The postal code (five digits in the US) */
                postalCode: string;
                /** @description The postal code's city */
                city: string;
                /** @description Its region: a US state or territory code, such as NY */
                region: string;
                /** @description ISO 3166-1 alpha-2 */
                country: string;
                /**
                 * @description `organization`: at its organization's place (it has no `location`); `foster`: in a foster home, at its `location`
                 * @enum {string}
                 */
                kind: "organization" | "foster";
            } | null;
            /** @description Its reference in the shelter software that pushes it (PUT /v1/sources/{source}/pets/{id}), unique among its organization's animals; null for an animal added here */
            reference: {
                /** @description The shelter software the animal comes from, named as you choose (1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit), for example `shelterluv` */
                source: string;
                /** @description The animal's id in that software (1 to 100 letters, digits, ".", "_", "-", "~", ":" or "@") */
                id: string;
            } | null;
            /** @description Only with `expand=organization`: a summary of the organization whose animal it is, as it is now (GET /v1/organizations/{id} has the rest); null while it has no profile */
            organization?: {
                /** @description The organization (GET /v1/organizations/{id}) */
                id: string;
                /** @description Its name, as partner sites show it */
                name: string;
                /** @description Its website; null when it gives none */
                website: string | null;
                /** @description Its postal code's place; null when it gives none */
                location: {
                    /** @description The postal code (five digits in the US) */
                    postalCode: string;
                    /** @description The postal code's city */
                    city: string;
                    /** @description Its region: a US state or territory code, such as NY */
                    region: string;
                    /** @description ISO 3166-1 alpha-2 */
                    country: string;
                } | null;
            } | null;
            /** @description Only in a list with `near`: how far the animal's place's postal code is from the place asked for, between the codes' centres, in the radius's unit (miles unless it said km), rounded to a whole unit */
            distance?: number;
        };
        /**
         * Pets
         * @description A page of animals, in the order asked for (by id unless `sort` says otherwise)
         */
        Pets: components["schemas"]["Pet"][];
        /**
         * SparsePet
         * @description An animal with `id` and only the fields asked for with `fields=`, each as in Pet
         * @example {
         *       "id": 42,
         *       "name": "Rex",
         *       "species": "dog",
         *       "ageGroup": "young",
         *       "location": null
         *     }
         */
        SparsePet: {
            /**
             * Format: int64
             * @description Unique identifier assigned by the service. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded.
             */
            id: number;
            /** @description The animal's name */
            name?: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded.
             */
            categoryId?: number;
            /** @description Availability of the animal. Transitions: available → pending or sold; pending → available or sold; sold → available */
            status?: components["schemas"]["PetStatus"];
            /** @description 1 when the animal was added, one more at every change. The ETag is this number in quotes (`"3"`): send it as If-Match to change the animal */
            version?: number;
            /**
             * Format: date-time
             * @description When the animal was added (RFC 3339, UTC)
             */
            createdAt?: string;
            /**
             * Format: date-time
             * @description When the animal last changed
             */
            updatedAt?: string;
            /**
             * Format: date-time
             * @description When its status last changed (when it was added, if never since)
             */
            statusChangedAt?: string;
            /**
             * Format: date-time
             * @description When it became sold, while it is sold; null otherwise
             */
            adoptedAt?: string | null;
            /** @description Whose animal it is: the owner of the API key that added it (the key's owner id, or for a key without one, the id of the first key of its rotation chain). Only keys of this owner may change or remove it, or decide its adoption requests. null for animals added before owners were recorded */
            ownerId?: string | null;
            /** @description The organization whose animal it is, the id GET /v1/organizations/{id} answers: its owner (`ownerId`). null for animals added before owners were recorded */
            organizationId?: string | null;
            /**
             * Format: date-time
             * @description When it was first listed as available (kept whatever its status does since); null while it never was
             */
            publishedAt?: string | null;
            /** @description The species (GET /v1/species); null when not given */
            species?: string | null;
            /** @description The animal's breeds; null when not given */
            breeds?: {
                primary: string;
                /** @description A second breed */
                secondary: string | null;
                /** @description A mix */
                mixed: boolean;
            } | null;
            /** @description female, male or unknown; null when not given */
            sex?: string | null;
            /** @description baby, young, adult or senior; null when not given */
            ageGroup?: string | null;
            /** @description When it was born; null when not given. Independent of ageGroup: the API derives neither from the other */
            birthDate?: {
                /** Format: date */
                date: string;
                /** @description False when estimated */
                exact: boolean;
            } | null;
            /** @description small, medium, large or extra-large; null when not given */
            size?: string | null;
            /** @description The coat; null when not given */
            coat?: string | null;
            /** @description Its colours; null when not given */
            colors?: {
                primary: string;
                /** @description A second colour */
                secondary: string | null;
            } | null;
            /** @description Whom it is good with: true, false, or null when unknown (never a guess) */
            goodWith?: {
                /** @description Good with children */
                children: boolean | null;
                /** @description Good with dogs */
                dogs: boolean | null;
                /** @description Good with cats */
                cats: boolean | null;
            };
            /** @description Its health and habits: true, false, or null when unknown */
            attributes?: {
                /** @description Spayed or neutered */
                spayedNeutered: boolean | null;
                /** @description House-trained */
                houseTrained: boolean | null;
                /** @description Has special needs */
                specialNeeds: boolean | null;
                /** @description What the special needs are */
                specialNeedsDetails: string | null;
                /** @description Vaccinations up to date */
                shotsCurrent: boolean | null;
                /** @description Microchipped */
                microchipped: boolean | null;
            };
            /** @description Plain text, served whole; null when not given */
            description?: string | null;
            /** @description The adoption fee; null when not given */
            adoptionFee?: {
                /** @description In the currency's minor units (cents) */
                amount: number;
                /** @description ISO 4217 */
                currency: string;
            } | null;
            /** @description Short words; empty when none */
            tags?: string[];
            /** @description Where it can be met when that is not its organization's place (a foster home), as coarse as a postal code; null: at its organization's (GET /v1/organizations/{ownerId}) */
            location?: {
                /** @description The postal code (five digits in the US) */
                postalCode: string;
                /** @description The postal code's city */
                city: string;
                /** @description Its region: a US state or territory code, such as NY */
                region: string;
                /** @description ISO 3166-1 alpha-2 */
                country: string;
            } | null;
            /** @description Its photos (up to 12), in the order to show them: POST /v1/pets/{petId}/photos adds one, PATCH `photos` reorders them */
            photos?: components["schemas"]["Photo"][];
            /** @description The first of its photos, the one a listing shows; null when it has none */
            primaryPhoto?: components["schemas"]["Photo"] | null;
            /** @description How many photos it has */
            photoCount?: number;
            /** @description Where the animal can be met, read-only: its foster home's place (`location`) when it has one, else its organization's (the organization's `location`), as coarse as a postal code; `near` searches it. Follows the organization when it moves. null while its organization has no place (no profile yet, or none with a location). To put the animal in a foster home, set `location`; to bring it back, set `location` to null */
            place?: {
                /** @description The postal code (five digits in the US) */
                postalCode: string;
                /** @description The postal code's city */
                city: string;
                /** @description Its region: a US state or territory code, such as NY */
                region: string;
                /** @description ISO 3166-1 alpha-2 */
                country: string;
                /**
                 * @description `organization`: at its organization's place (it has no `location`); `foster`: in a foster home, at its `location`
                 * @enum {string}
                 */
                kind: "organization" | "foster";
            } | null;
            /** @description Its reference in the shelter software that pushes it (PUT /v1/sources/{source}/pets/{id}), unique among its organization's animals; null for an animal added here */
            reference?: {
                /** @description The shelter software the animal comes from, named as you choose (1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit), for example `shelterluv` */
                source: string;
                /** @description The animal's id in that software (1 to 100 letters, digits, ".", "_", "-", "~", ":" or "@") */
                id: string;
            } | null;
            /** @description Only with `expand=organization`: a summary of the organization whose animal it is, as it is now (GET /v1/organizations/{id} has the rest); null while it has no profile */
            organization?: {
                /** @description The organization (GET /v1/organizations/{id}) */
                id: string;
                /** @description Its name, as partner sites show it */
                name: string;
                /** @description Its website; null when it gives none */
                website: string | null;
                /** @description Its postal code's place; null when it gives none */
                location: {
                    /** @description The postal code (five digits in the US) */
                    postalCode: string;
                    /** @description The postal code's city */
                    city: string;
                    /** @description Its region: a US state or territory code, such as NY */
                    region: string;
                    /** @description ISO 3166-1 alpha-2 */
                    country: string;
                } | null;
            } | null;
            /** @description Only in a list with `near`: how far the animal's place's postal code is from the place asked for, between the codes' centres, in the radius's unit (miles unless it said km), rounded to a whole unit */
            distance?: number;
        };
        /**
         * SparsePets
         * @description A page of animals in ascending id order, each with `id` and the fields asked for
         */
        SparsePets: components["schemas"]["SparsePet"][];
        /**
         * NewPet
         * @description An animal to add: its name, category and status, and any of its record (species, breeds, sex, age, size, coat, colours, whom it is good with, its health, a description, the fee, tags). Values that depend on the species must be that species' (GET /v1/species/{species}). Unknown fields are refused.
         */
        NewPet: {
            /** @description The animal's name: 1 to 100 characters with at least one visible one (a letter, digit, punctuation mark or symbol). The pattern matches one visible character; it uses \uXXXX escapes only, so it means the same with or without a regex engine's Unicode flag. Stored exactly as sent. */
            name: string & components["schemas"]["VisibleText"];
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to: one of GET /v1/categories (one per species); another id is taken as an organization's own, meaning nothing to partners. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded.
             */
            categoryId: number;
            /** @description Availability of the animal; defaults to available */
            status?: components["schemas"]["PetStatus"];
            /**
             * @description The species, one of GET /v1/species (dog, cat, rabbit, small-furry, horse, bird, scales-fins-other, barnyard); null when not given
             * @enum {string|null}
             */
            species?: "dog" | "cat" | "rabbit" | "small-furry" | "horse" | "bird" | "scales-fins-other" | "barnyard" | null;
            /** @description The animal's breeds: primary (required once breeds are given), secondary, and whether it is a mix. Nested fields merge as RFC 7396 says; null removes. */
            breeds?: {
                /** @description The main breed; one of the species' values (GET /v1/species/{species}) */
                primary: string;
                /** @description A second breed; one of the species' values (GET /v1/species/{species}) */
                secondary?: string | null;
                /** @description A mix */
                mixed?: boolean | null;
            } | null;
            /**
             * @description female, male or unknown
             * @enum {string|null}
             */
            sex?: "female" | "male" | "unknown" | null;
            /**
             * @description baby, young, adult or senior: the shelter's judgement, what partners filter on
             * @enum {string|null}
             */
            ageGroup?: "baby" | "young" | "adult" | "senior" | null;
            /** @description When the animal was born (date required once birthDate is given; exact defaults to false). Nested fields merge as RFC 7396 says; null removes. */
            birthDate?: {
                /**
                 * Format: date
                 * @description YYYY-MM-DD, from 1900-01-01 to today
                 */
                date: string;
                /** @description True when the date is known, false when estimated */
                exact?: boolean | null;
            } | null;
            /**
             * @description small, medium, large or extra-large, grown
             * @enum {string|null}
             */
            size?: "small" | "medium" | "large" | "extra-large" | null;
            /** @description The coat; one of the species' values (GET /v1/species/{species}) */
            coat?: string | null;
            /** @description Its colours (primary required once colors are given). Nested fields merge as RFC 7396 says; null removes. */
            colors?: {
                /** @description The main colour; one of the species' values (GET /v1/species/{species}) */
                primary: string;
                /** @description A second colour; one of the species' values (GET /v1/species/{species}) */
                secondary?: string | null;
            } | null;
            /** @description Whom it is good with. Nested fields merge as RFC 7396 says; null removes. */
            goodWith?: {
                /** @description Good with children: true, false, or null when unknown */
                children?: boolean | null;
                /** @description Good with dogs: true, false, or null when unknown */
                dogs?: boolean | null;
                /** @description Good with cats: true, false, or null when unknown */
                cats?: boolean | null;
            } | null;
            /** @description Its health and habits. Nested fields merge as RFC 7396 says; null removes. */
            attributes?: {
                /** @description Spayed or neutered: true, false, or null when unknown */
                spayedNeutered?: boolean | null;
                /** @description House-trained: true, false, or null when unknown */
                houseTrained?: boolean | null;
                /** @description Has special needs: true, false, or null when unknown */
                specialNeeds?: boolean | null;
                /** @description What the special needs are (up to 1000 characters); only with specialNeeds true */
                specialNeedsDetails?: ((string & components["schemas"]["VisibleText"]) | null) & components["schemas"]["VisibleText"];
                /** @description Vaccinations up to date: true, false, or null when unknown */
                shotsCurrent?: boolean | null;
                /** @description Microchipped: true, false, or null when unknown */
                microchipped?: boolean | null;
            } | null;
            /** @description Plain text, with something visible, up to 10000 characters, stored and served whole */
            description?: ((string & components["schemas"]["VisibleText"]) | null) & components["schemas"]["VisibleText"];
            /** @description The adoption fee (amount and currency required once a fee is given). Nested fields merge as RFC 7396 says; null removes. */
            adoptionFee?: {
                /** @description In the currency's minor units (cents) */
                amount: number;
                /**
                 * @description ISO 4217 code of a currency in use, such as USD or EUR
                 * @enum {string}
                 */
                currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWG";
            } | null;
            /** @description Up to 20 short words (1 to 30 characters each, each once); null or [] for none */
            tags?: (string & components["schemas"]["VisibleText"])[] | null;
            /** @description Where it can be met when not at its organization's place (a foster home): a postal code and its country, never an address or coordinates; null: at its organization's. Merges as RFC 7396 says. */
            location?: {
                /** @description A postal code: a US ZIP code (10001, or 10001-1234, read as 10001) */
                postalCode: string;
                /** @description ISO 3166-1 alpha-2; US, the one country covered, when left out or null */
                country?: string | null;
            } | null;
        };
        /**
         * PetPatch
         * @description The fields to change (RFC 7396 merge patch), at least one. The record's nested objects merge (a member left out stays, null removes it) and null clears a record field; null for name, categoryId or status, unknown fields and read-only fields (id, version, the times, ownerId, organizationId, publishedAt, place) are refused. The record is checked whole after the merge: a new species needs breeds, coat and colours of its own.
         */
        PetPatch: {
            /** @description The animal's name: 1 to 100 characters with at least one visible one (a letter, digit, punctuation mark or symbol). The pattern matches one visible character; it uses \uXXXX escapes only, so it means the same with or without a regex engine's Unicode flag. Stored exactly as sent. */
            name?: string & components["schemas"]["VisibleText"];
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded.
             */
            categoryId?: number;
            /** @description The new availability. Transitions: available → pending or sold; pending → available or sold; sold → available; an animal held by an approved adoption request changes status only through that request */
            status?: components["schemas"]["PetStatus"];
            /**
             * @description The species, one of GET /v1/species (dog, cat, rabbit, small-furry, horse, bird, scales-fins-other, barnyard); null when not given
             * @enum {string|null}
             */
            species?: "dog" | "cat" | "rabbit" | "small-furry" | "horse" | "bird" | "scales-fins-other" | "barnyard" | null;
            /** @description The animal's breeds: primary (required once breeds are given), secondary, and whether it is a mix. Nested fields merge as RFC 7396 says; null removes. */
            breeds?: {
                /** @description The main breed; one of the species' values (GET /v1/species/{species}) */
                primary?: string | null;
                /** @description A second breed; one of the species' values (GET /v1/species/{species}) */
                secondary?: string | null;
                /** @description A mix */
                mixed?: boolean | null;
            } | null;
            /**
             * @description female, male or unknown
             * @enum {string|null}
             */
            sex?: "female" | "male" | "unknown" | null;
            /**
             * @description baby, young, adult or senior: the shelter's judgement, what partners filter on
             * @enum {string|null}
             */
            ageGroup?: "baby" | "young" | "adult" | "senior" | null;
            /** @description When the animal was born (date required once birthDate is given; exact defaults to false). Nested fields merge as RFC 7396 says; null removes. */
            birthDate?: {
                /**
                 * Format: date
                 * @description YYYY-MM-DD, from 1900-01-01 to today
                 */
                date?: string | null;
                /** @description True when the date is known, false when estimated */
                exact?: boolean | null;
            } | null;
            /**
             * @description small, medium, large or extra-large, grown
             * @enum {string|null}
             */
            size?: "small" | "medium" | "large" | "extra-large" | null;
            /** @description The coat; one of the species' values (GET /v1/species/{species}) */
            coat?: string | null;
            /** @description Its colours (primary required once colors are given). Nested fields merge as RFC 7396 says; null removes. */
            colors?: {
                /** @description The main colour; one of the species' values (GET /v1/species/{species}) */
                primary?: string | null;
                /** @description A second colour; one of the species' values (GET /v1/species/{species}) */
                secondary?: string | null;
            } | null;
            /** @description Whom it is good with. Nested fields merge as RFC 7396 says; null removes. */
            goodWith?: {
                /** @description Good with children: true, false, or null when unknown */
                children?: boolean | null;
                /** @description Good with dogs: true, false, or null when unknown */
                dogs?: boolean | null;
                /** @description Good with cats: true, false, or null when unknown */
                cats?: boolean | null;
            } | null;
            /** @description Its health and habits. Nested fields merge as RFC 7396 says; null removes. */
            attributes?: {
                /** @description Spayed or neutered: true, false, or null when unknown */
                spayedNeutered?: boolean | null;
                /** @description House-trained: true, false, or null when unknown */
                houseTrained?: boolean | null;
                /** @description Has special needs: true, false, or null when unknown */
                specialNeeds?: boolean | null;
                /** @description What the special needs are (up to 1000 characters); only with specialNeeds true */
                specialNeedsDetails?: ((string & components["schemas"]["VisibleText"]) | null) & components["schemas"]["VisibleText"];
                /** @description Vaccinations up to date: true, false, or null when unknown */
                shotsCurrent?: boolean | null;
                /** @description Microchipped: true, false, or null when unknown */
                microchipped?: boolean | null;
            } | null;
            /** @description Plain text, with something visible, up to 10000 characters, stored and served whole */
            description?: ((string & components["schemas"]["VisibleText"]) | null) & components["schemas"]["VisibleText"];
            /** @description The adoption fee (amount and currency required once a fee is given). Nested fields merge as RFC 7396 says; null removes. */
            adoptionFee?: {
                /** @description In the currency's minor units (cents) */
                amount?: number | null;
                /**
                 * @description ISO 4217 code of a currency in use, such as USD or EUR
                 * @enum {string|null}
                 */
                currency?: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWG" | null;
            } | null;
            /** @description Up to 20 short words (1 to 30 characters each, each once); null or [] for none */
            tags?: (string & components["schemas"]["VisibleText"])[] | null;
            /** @description Where it can be met when not at its organization's place (a foster home): a postal code and its country, never an address or coordinates; null: at its organization's. Merges as RFC 7396 says. */
            location?: {
                /** @description A postal code: a US ZIP code (10001, or 10001-1234, read as 10001) */
                postalCode?: string | null;
                /** @description ISO 3166-1 alpha-2; US, the one country covered, when left out or null */
                country?: string | null;
            } | null;
            /** @description The animal's photo ids in the order to show them (the first is the primary one): each of its photos once. Photos are added by POST /v1/pets/{petId}/photos and removed by DELETE */
            photos?: string[];
        };
        /**
         * NewOrder
         * @description An adoption request to place. Unknown fields are refused.
         */
        NewOrder: {
            /**
             * Format: int64
             * @description The animal to adopt
             */
            petId: number;
            /** @description Who asks to adopt: 1 to 100 characters with at least one visible one */
            applicantName: string & components["schemas"]["VisibleText"];
            /** @description Anything the shelter should know, at most 1000 characters */
            note?: string;
        };
        /**
         * OrderStatus
         * @enum {string}
         */
        OrderStatus: "placed" | "approved" | "delivered" | "cancelled";
        /**
         * Order
         * @description An adoption request (the store order of the specification)
         */
        Order: {
            /** @description Identifier assigned by the service (`ord_` and 21 characters; ids sort by creation time) */
            id: string;
            /**
             * Format: int64
             * @description The animal asked for
             */
            petId: number;
            /** @description placed (waiting for the shelter), approved (the animal is held for this applicant: pending), delivered (adopted: the animal is sold) or cancelled */
            status: components["schemas"]["OrderStatus"];
            /** @description Who asks to adopt */
            applicantName: string;
            /** @description The applicant's note, or null */
            note: string | null;
            /**
             * @description Why it was cancelled: withdrawn (by the applicant), rejected (by the shelter), pet_adopted (another request was delivered, or the animal was marked sold), pet_deleted (the animal was removed); null unless cancelled
             * @enum {string|null}
             */
            cancelReason: "withdrawn" | "rejected" | "pet_adopted" | "pet_deleted" | null;
            /**
             * Format: date-time
             * @description When it was placed
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed
             */
            updatedAt: string;
            /** @description 1 when placed, one more at every change; the ETag is this number in quotes */
            version: number;
        };
        /**
         * Orders
         * @description A page of adoption requests in ascending id order (oldest first)
         */
        Orders: components["schemas"]["Order"][];
        /**
         * ClientCancelReason
         * @enum {string}
         */
        ClientCancelReason: "withdrawn" | "rejected";
        /**
         * CancelOrder
         * @description Why the request is cancelled
         */
        CancelOrder: {
            /** @description withdrawn: the applicant (the owner that placed the request) withdraws it; rejected: the animal's owner turns it down */
            reason: components["schemas"]["ClientCancelReason"];
        };
        /**
         * EventType
         * @enum {string}
         */
        EventType: "pet.created" | "pet.updated" | "pet.deleted" | "order.placed" | "order.approved" | "order.delivered" | "order.cancelled" | "search.matched";
        /** Event */
        Event: {
            /** @description Unique; pass it as `after` to read the feed from here */
            id: string;
            /** @description What happened: `pet.created`, `pet.updated`, `pet.deleted`, `order.placed`, `order.approved`, `order.delivered`, `order.cancelled`, `search.matched` (beta: an animal entered one of your saved searches) */
            type: components["schemas"]["EventType"];
            /**
             * Format: date-time
             * @description When the change was made (RFC 3339, UTC)
             */
            createdAt: string;
            /** @description The object's `version` after the change (one past its last version for `pet.deleted`): drop an event whose sequence is not above the one you hold for that object */
            sequence: number;
            data: {
                /** @description The animal or adoption request as the API returns it after the change (as it was, for `pet.deleted`) */
                object: components["schemas"]["Pet"] | components["schemas"]["Order"];
                /** @description `search.matched` only: the saved search the animal entered */
                savedSearch?: {
                    /** @description The saved search the animal now matches */
                    id: string;
                    /** @description Its label, as you saved it */
                    label: string;
                    /** @description Your own reference, as you saved it (never interpreted) */
                    reference: string | null;
                };
                /** @description The old value of every field the change changed (`pet.updated`, `order.*` but `order.placed`) */
                previousAttributes?: {
                    [key: string]: string[] | {
                        [key: string]: unknown;
                    } | string | number | boolean | null;
                };
            };
        };
        /** Events */
        Events: components["schemas"]["Event"][];
        /**
         * Category
         * @description A category an animal's `categoryId` names
         */
        Category: {
            /**
             * Format: int64
             * @description The value of an animal's `categoryId`
             */
            id: number;
            /** @description The name partners show */
            name: string;
            /** @description The species it is (GET /v1/species/{species}) */
            species: string;
        };
        /**
         * Categories
         * @description Every category an animal's `categoryId` names, one per species
         */
        Categories: components["schemas"]["Category"][];
        /**
         * Species
         * @description A species, with the breeds, coats and colours an animal of it may have
         */
        Species: {
            /** @description The value of an animal's `species` */
            id: string;
            /** @description The name partners show */
            name: string;
            /** @description The values of `breeds.primary` and `breeds.secondary` */
            breeds: string[];
            /** @description The values of `coat`; empty where a coat means nothing */
            coats: string[];
            /** @description The values of `colors.primary` and `colors.secondary` */
            colors: string[];
        };
        /**
         * SpeciesList
         * @description Every species, in the order partners list them
         */
        SpeciesList: components["schemas"]["Species"][];
        /**
         * NewSavedSearch
         * @description A search to keep, and to be alerted of
         */
        NewSavedSearch: {
            /** @description What the search is, in your words, shown back in each alert (1 to 100 characters) */
            label: string & components["schemas"]["VisibleText"];
            /** @description Your own reference (your adopter's id, say; up to 200 characters), never interpreted, shown back in each alert */
            reference?: (string & components["schemas"]["VisibleText"]) | null;
            /** @description Which animals: the filters of `GET /v1/pets` by their parameter names (lists as JSON arrays, flags as `true`/`false`), with `near` and `radius`; checked by the same rules. `status` is `available` unless given */
            search: {
                /** @description Filters by availability: one (`status=available`), or several (`status=available,pending`, or repeated) */
                status?: components["schemas"]["PetStatus"] | components["schemas"]["PetStatus"][];
                /** @description Species, as `GET /v1/species` lists them: `species=cat,dog` */
                species?: string[];
                /** @description Breeds (the primary or the secondary), of the species asked for, or of any */
                breed?: string[];
                /** @description Sexes: female, male, unknown */
                sex?: ("female" | "male" | "unknown")[];
                /** @description Age groups: baby, young, adult, senior */
                ageGroup?: ("baby" | "young" | "adult" | "senior")[];
                /** @description Sizes: small, medium, large, extra-large */
                size?: ("small" | "medium" | "large" | "extra-large")[];
                /** @description Coats, of the species asked for, or of any */
                coat?: string[];
                /** @description Colours (the primary or the secondary), of the species asked for, or of any; a colour with ", " in its name is sent as a repeated `color=` */
                color?: string[];
                /** @description Good with children: `true` or `false`; animals whose record does not say are left out */
                goodWithChildren?: boolean;
                /** @description Good with dogs: `true` or `false`; animals whose record does not say are left out */
                goodWithDogs?: boolean;
                /** @description Good with cats: `true` or `false`; animals whose record does not say are left out */
                goodWithCats?: boolean;
                /** @description House-trained: `true` or `false`; animals whose record does not say are left out */
                houseTrained?: boolean;
                /** @description Has special needs: `true` or `false`; animals whose record does not say are left out */
                specialNeeds?: boolean;
                /** @description With at least one photo (`true`), or with none (`false`) */
                hasPhoto?: boolean;
                /** @description The organizations (their ids: the animals' `ownerId`) whose animals to find */
                organizationId?: string[];
                /** @description The name starts with this, whatever the case and accents (`zoe` finds Zoë) */
                name?: string;
                /**
                 * Format: date-time
                 * @description First published at or after this instant
                 */
                publishedAfter?: string;
                /**
                 * Format: date-time
                 * @description Changed at or after this instant
                 */
                updatedSince?: string;
                /** @description The shelter software systems the animals' references come from (`reference.source`, as pushed to `PUT /v1/sources/{source}/pets/{id}`): with `organizationId`, what one organization keeps from its system */
                source?: string[];
                /** @description Only animals within `radius` of this place, each with its `distance`: a postal code (`94110`, or with its country `94110,US`) or `lat,lng` in degrees. Distances are between postal codes' centres */
                near?: string;
                /** @description How far from `near`: above 0 and at most 500, in miles unless it ends in `km` (`25`, `25mi`, `40km`); 100 miles by default. Distances come in its unit. Only with `near` */
                radius?: string;
            };
        };
        /**
         * SavedSearch
         * @description A saved search (beta): only its owner reads it
         */
        SavedSearch: {
            /** @description The saved search: `srch_` and 22 letters and digits */
            id: string;
            /** @description What the search is, in your words, shown back in each alert (1 to 100 characters) */
            label: string & components["schemas"]["VisibleText"];
            /** @description Your own reference (your adopter's id, say; up to 200 characters), never interpreted, shown back in each alert */
            reference: (string & components["schemas"]["VisibleText"]) | null;
            /** @description Which animals: the filters of `GET /v1/pets` by their parameter names (lists as JSON arrays, flags as `true`/`false`), with `near` and `radius`; checked by the same rules. `status` is `available` unless given */
            search: {
                /** @description Filters by availability: one (`status=available`), or several (`status=available,pending`, or repeated) */
                status?: components["schemas"]["PetStatus"] | components["schemas"]["PetStatus"][];
                /** @description Species, as `GET /v1/species` lists them: `species=cat,dog` */
                species?: string[];
                /** @description Breeds (the primary or the secondary), of the species asked for, or of any */
                breed?: string[];
                /** @description Sexes: female, male, unknown */
                sex?: ("female" | "male" | "unknown")[];
                /** @description Age groups: baby, young, adult, senior */
                ageGroup?: ("baby" | "young" | "adult" | "senior")[];
                /** @description Sizes: small, medium, large, extra-large */
                size?: ("small" | "medium" | "large" | "extra-large")[];
                /** @description Coats, of the species asked for, or of any */
                coat?: string[];
                /** @description Colours (the primary or the secondary), of the species asked for, or of any; a colour with ", " in its name is sent as a repeated `color=` */
                color?: string[];
                /** @description Good with children: `true` or `false`; animals whose record does not say are left out */
                goodWithChildren?: boolean;
                /** @description Good with dogs: `true` or `false`; animals whose record does not say are left out */
                goodWithDogs?: boolean;
                /** @description Good with cats: `true` or `false`; animals whose record does not say are left out */
                goodWithCats?: boolean;
                /** @description House-trained: `true` or `false`; animals whose record does not say are left out */
                houseTrained?: boolean;
                /** @description Has special needs: `true` or `false`; animals whose record does not say are left out */
                specialNeeds?: boolean;
                /** @description With at least one photo (`true`), or with none (`false`) */
                hasPhoto?: boolean;
                /** @description The organizations (their ids: the animals' `ownerId`) whose animals to find */
                organizationId?: string[];
                /** @description The name starts with this, whatever the case and accents (`zoe` finds Zoë) */
                name?: string;
                /**
                 * Format: date-time
                 * @description First published at or after this instant
                 */
                publishedAfter?: string;
                /**
                 * Format: date-time
                 * @description Changed at or after this instant
                 */
                updatedSince?: string;
                /** @description The shelter software systems the animals' references come from (`reference.source`, as pushed to `PUT /v1/sources/{source}/pets/{id}`): with `organizationId`, what one organization keeps from its system */
                source?: string[];
                /** @description Only animals within `radius` of this place, each with its `distance`: a postal code (`94110`, or with its country `94110,US`) or `lat,lng` in degrees. Distances are between postal codes' centres */
                near?: string;
                /** @description How far from `near`: above 0 and at most 500, in miles unless it ends in `km` (`25`, `25mi`, `40km`); 100 miles by default. Distances come in its unit. Only with `near` */
                radius?: string;
            };
            /** @description Goes up by one with each change (its ETag is this version in quotes) */
            version: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /**
             * Format: date-time
             * @description When it stops alerting unless renewed (90 days after it was saved or last renewed)
             */
            expiresAt: string;
        };
        /**
         * SavedSearches
         * @description A page of saved searches
         */
        SavedSearches: components["schemas"]["SavedSearch"][];
        /**
         * Organization
         * @description A shelter or rescue: the public profile of a key owner
         * @example {
         *       "id": "acct_1042",
         *       "name": "Hudson Valley Animal Rescue",
         *       "email": "adopt@hvar.example",
         *       "phone": "+1 212 555 0100",
         *       "website": "https://hvar.example",
         *       "address": "12 Shelter Lane",
         *       "location": {
         *         "postalCode": "10001",
         *         "city": "New York",
         *         "region": "NY",
         *         "country": "US"
         *       },
         *       "adoptionPolicyUrl": "https://hvar.example/adopt",
         *       "hours": "Tue-Sat 11:00-18:00",
         *       "createdAt": "2026-11-25T10:00:00.000Z",
         *       "updatedAt": "2026-11-25T10:00:00.000Z",
         *       "version": 1
         *     }
         */
        Organization: {
            /** @description The owner id of the organization's keys: its animals' `ownerId` */
            id: string;
            /** @description The name partner sites show */
            name: string;
            /** @description Where adopters write to it; null when it shows none */
            email: string | null;
            /** @description Its telephone number; null when it shows none */
            phone: string | null;
            /** @description Its website; null when none */
            website: string | null;
            /** @description Its public street address, as it gives it (lines separated by \n); null when it shows none */
            address: string | null;
            /** @description Its postal code and that code's city, region and country (never coordinates); null when not given */
            location: {
                /** @description The postal code (five digits in the US) */
                postalCode: string;
                /** @description The postal code's city */
                city: string;
                /** @description Its region: a US state or territory code, such as NY */
                region: string;
                /** @description ISO 3166-1 alpha-2 */
                country: string;
            } | null;
            /** @description Where its adoption policy is published; null when none */
            adoptionPolicyUrl: string | null;
            /** @description Its opening hours, as text; null when not given */
            hours: string | null;
            /**
             * Format: date-time
             * @description When it was created (RFC 3339, UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed
             */
            updatedAt: string;
            /** @description 1 when created, one more at every change; `"<version>"` is its ETag, for If-Match */
            version: number;
            /** @description Only in a list with `near`: how far the organization's postal code is from the place asked for, between the codes' centres, in the radius's unit (miles unless it said km), rounded to a whole unit */
            distance?: number;
        };
        /**
         * Organizations
         * @description A page of organizations in ascending id order
         */
        Organizations: components["schemas"]["Organization"][];
        /**
         * OrganizationPatch
         * @description The fields to change (RFC 7396 merge patch), at least one; null removes a field (not the name). id, version and the times are read-only.
         */
        OrganizationPatch: {
            /** @description The name partner sites show (1 to 200 characters, something visible, on one line) */
            name?: string & components["schemas"]["VisibleText"];
            /** @description An email address; null removes it */
            email?: string | null;
            /** @description A telephone number: digits, spaces, ( ) . - and an optional leading +; null removes it */
            phone?: string | null;
            /** @description An http or https URL; null removes it */
            website?: string | null;
            /** @description Its public street address (lines separated by \n); null removes it */
            address?: ((string & components["schemas"]["VisibleText"]) | null) & components["schemas"]["VisibleText"];
            /** @description Its postal code and country (US when left out); the city and region come from the code. Merges as RFC 7396 says; null removes it. */
            location?: {
                /** @description A postal code: a US ZIP code (10001, or 10001-1234, read as 10001) */
                postalCode?: string | null;
                /** @description ISO 3166-1 alpha-2; US, the one country covered, when left out or null */
                country?: string | null;
            } | null;
            /** @description Where its adoption policy is published (http or https); null removes it */
            adoptionPolicyUrl?: string | null;
            /** @description Its opening hours, as text; null removes it */
            hours?: ((string & components["schemas"]["VisibleText"]) | null) & components["schemas"]["VisibleText"];
        };
        /** NewWebhookEndpoint */
        NewWebhookEndpoint: {
            /** @description Where to send deliveries: https, no user name or password, and a host that resolves to public addresses only (checked now and at every delivery) */
            url: string;
            /** @description The event types to deliver, or ["*"] for every type, now and later */
            enabledEvents: ("*" | "pet.created" | "pet.updated" | "pet.deleted" | "order.placed" | "order.approved" | "order.delivered" | "order.cancelled" | "search.matched")[];
            /** @description What the endpoint is for, up to 500 characters */
            description?: string;
        };
        /** WebhookEndpointWithSecret */
        WebhookEndpointWithSecret: {
            /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
            id: string;
            /** @description Where deliveries are sent (POST) */
            url: string;
            /** @description The event types delivered, or ["*"] for every type, now and later */
            enabledEvents: string[];
            /** @description What the endpoint is for, or null */
            description: string | null;
            /**
             * @description enabled (events are delivered) or disabled (none are; set it back to enabled to resume)
             * @enum {string}
             */
            status: "enabled" | "disabled";
            /** @description Why the service disabled the endpoint (after failing deliveries), or null */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description When it was made
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed
             */
            updatedAt: string;
            /** @description 1 when made, one more at every change */
            version: number;
            /** @description The signing secret (`whsec_` and the base64 of 32 random bytes). Shown only in this answer: store it now. Deliveries carry `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>` under it (Standard Webhooks 1.0). */
            secret: string;
        };
        /**
         * WebhookEndpoint
         * @example {
         *       "id": "we_0mwqcvpc0001Ab3dE9f",
         *       "url": "https://shelter.example.org/hooks/adoptions",
         *       "enabledEvents": [
         *         "pet.updated",
         *         "pet.deleted"
         *       ],
         *       "description": "Keeps the website in step",
         *       "status": "enabled",
         *       "disabledReason": null,
         *       "createdAt": "2026-11-26T10:00:00.000Z",
         *       "updatedAt": "2026-11-26T10:00:00.000Z",
         *       "version": 1
         *     }
         */
        WebhookEndpoint: {
            /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
            id: string;
            /** @description Where deliveries are sent (POST) */
            url: string;
            /** @description The event types delivered, or ["*"] for every type, now and later */
            enabledEvents: string[];
            /** @description What the endpoint is for, or null */
            description: string | null;
            /**
             * @description enabled (events are delivered) or disabled (none are; set it back to enabled to resume)
             * @enum {string}
             */
            status: "enabled" | "disabled";
            /** @description Why the service disabled the endpoint (after failing deliveries), or null */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description When it was made
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed
             */
            updatedAt: string;
            /** @description 1 when made, one more at every change */
            version: number;
        };
        /** WebhookEndpoints */
        WebhookEndpoints: components["schemas"]["WebhookEndpoint"][];
        /** WebhookEndpointPatch */
        WebhookEndpointPatch: {
            /** @description A new URL, checked as a new one is */
            url?: string;
            /** @description The event types to deliver from now on */
            enabledEvents?: ("*" | "pet.created" | "pet.updated" | "pet.deleted" | "order.placed" | "order.approved" | "order.delivered" | "order.cancelled" | "search.matched")[];
            /** @description A new description, or null to clear it */
            description?: string | null;
            /**
             * @description enabled (events are delivered) or disabled (none are; set it back to enabled to resume)
             * @enum {string}
             */
            status?: "enabled" | "disabled";
        };
        /** RotateSecret */
        RotateSecret: {
            /**
             * @description How long the old secret keeps signing beside the new one (every delivery then carries both signatures), 0 to 604800 seconds; default a day
             * @default 86400
             */
            overlapSeconds: number;
        };
        /** WebhookAttempt */
        WebhookAttempt: {
            /**
             * Format: date-time
             * @description When the attempt started
             */
            at: string;
            /** @description What the endpoint answered; null when it gave no answer */
            statusCode: number | null;
            /**
             * @description Why there was no usable answer: timeout (none within the time allowed), connect (no connection), redirect (a 3xx, never followed), blocked (the host resolved to an address webhooks may not reach); null when it answered
             * @enum {string|null}
             */
            error: "timeout" | "connect" | "redirect" | "blocked" | null;
            /** @description How long the attempt took */
            durationMs: number;
        };
        /** WebhookDelivery */
        WebhookDelivery: {
            /** @description Identifier of the delivery of one event to one endpoint (`wd_` and 31 characters) */
            id: string;
            /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
            endpointId: string;
            /** @description The event delivered: the `webhook-id` header of every attempt */
            eventId: string;
            /** @description Its type (`webhook.test` for a test event) */
            eventType: string;
            /**
             * @description pending (an attempt is due at nextAttemptAt), delivered (a 2xx), failed (stopped and not retried: the address was refused, the endpoint answered 410, or it was removed), exhausted (every retry failed), skipped (the endpoint was disabled when the event came)
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed" | "exhausted" | "skipped";
            /** @description Every attempt, oldest first */
            attempts: components["schemas"]["WebhookAttempt"][];
            /**
             * Format: date-time
             * @description When the next attempt is due; null unless pending
             */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @description When the delivery was made (the event reached the endpoint)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed
             */
            updatedAt: string;
        };
        /** WebhookDeliveries */
        WebhookDeliveries: components["schemas"]["WebhookDelivery"][];
        /** RecoverDeliveries */
        RecoverDeliveries: {
            /**
             * Format: date-time
             * @description Send again every failed, exhausted or skipped delivery made at or after this time (at most 30 days ago)
             */
            since: string;
        };
        /** RecoveredDeliveries */
        RecoveredDeliveries: {
            /** @description How many deliveries are due again */
            recovered: number;
        };
        /** WebhookTestResult */
        WebhookTestResult: {
            /** @description The delivery of one event to one endpoint, with its attempts */
            delivery: components["schemas"]["WebhookDelivery"];
            response: {
                /** @description What the endpoint answered; null when it gave no answer */
                statusCode: number | null;
                /**
                 * @description Why there was no usable answer: timeout (none within the time allowed), connect (no connection), redirect (a 3xx, never followed), blocked (the host resolved to an address webhooks may not reach); null when it answered
                 * @enum {string|null}
                 */
                error: "timeout" | "connect" | "redirect" | "blocked" | null;
                /** @description How long it took */
                durationMs: number;
                /** @description True when it answered 2xx */
                delivered: boolean;
            };
        };
        /**
         * PublishingSite
         * @enum {string}
         */
        PublishingSite: "petfinder" | "adoptapet" | "rescuegroups";
        /**
         * DestinationStatus
         * @enum {string}
         */
        DestinationStatus: "enabled" | "disabled";
        /**
         * NewDestination
         * @description Where to publish: an adoption site and the FTP account it gave
         */
        NewDestination: {
            /** @description The adoption site, whose file format the uploads take: `petfinder` (members.petfinder.com), `adoptapet` (autoupload.adoptapet.com), `rescuegroups` (ftp.rescuegroups.org, active-mode FTP) */
            site: components["schemas"]["PublishingSite"];
            /** @description The site's FTP host name or IP address, without scheme, port or path; the site's own host when not given */
            host?: string;
            /** @description The FTP port (21 when not given) */
            port?: number;
            /** @description The FTP user name the site gave the shelter */
            username: string;
            /** @description The FTP password: kept encrypted, never shown again; send a new one to replace it */
            password: string;
            /** @description The site's own id for the shelter, which its file carries: Petfinder's shelter id (letters, digits, `_`, `-`), RescueGroups' organization id (digits); none (null or absent) for Adopt-a-Pet */
            account?: string | null;
            /** @description `disabled` stops uploads to it until it is enabled again */
            status?: components["schemas"]["DestinationStatus"];
        };
        /**
         * Destination
         * @description A publishing destination (beta): its password is never shown
         */
        Destination: {
            /** @description The destination: `pd_` and 19 letters and digits */
            id: string;
            /** @description The owner whose animals are published (the organization's id) */
            ownerId: string;
            /** @description The adoption site, whose file format the uploads take: `petfinder` (members.petfinder.com), `adoptapet` (autoupload.adoptapet.com), `rescuegroups` (ftp.rescuegroups.org, active-mode FTP) */
            site: components["schemas"]["PublishingSite"];
            host: string;
            port: number;
            username: string;
            account: string | null;
            /** @description `disabled` stops uploads to it until it is enabled again */
            status: components["schemas"]["DestinationStatus"];
            /**
             * Format: date-time
             * @description When the password was last set (the password itself is never shown)
             */
            passwordChangedAt: string;
            /** @description Goes up by one with each change (its ETag is this version in quotes) */
            version: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * Destinations
         * @description A page of publishing destinations
         */
        Destinations: components["schemas"]["Destination"][];
        /**
         * DestinationPatch
         * @description The fields to change; the site stays
         */
        DestinationPatch: {
            /** @description The site's FTP host name or IP address, without scheme, port or path; the site's own host when not given */
            host?: string;
            /** @description The FTP port (21 when not given) */
            port?: number;
            /** @description The FTP user name the site gave the shelter */
            username?: string;
            /** @description The FTP password: kept encrypted, never shown again; send a new one to replace it */
            password?: string;
            /** @description The site's own id for the shelter, which its file carries: Petfinder's shelter id (letters, digits, `_`, `-`), RescueGroups' organization id (digits); none (null or absent) for Adopt-a-Pet */
            account?: string | null;
            /** @description `disabled` stops uploads to it until it is enabled again */
            status?: components["schemas"]["DestinationStatus"];
        };
        /** @description Text with at least one visible character: a letter, digit, punctuation mark or symbol that is not default-ignorable, or any character outside the Basic Multilingual Plane. Whitespace, format characters and combining marks alone are refused. The pattern uses \uXXXX escapes only, so it means the same with or without a regex engine's Unicode flag */
        VisibleText: unknown;
    };
    responses: {
        /** @description The query has a field this operation does not take; the message names it */
        BadRequest: {
            headers: {
                /** @description Limit of the window closest to exhaustion (requests per minute or per day); absent when the request failed before the rate limiter decided */
                "X-RateLimit-Limit"?: number;
                /** @description Requests remaining in that window; absent when the request failed before the rate limiter decided */
                "X-RateLimit-Remaining"?: number;
                /** @description Unix time in seconds at which every request counted in that window has left it; absent when the request failed before the rate limiter decided */
                "X-RateLimit-Reset"?: number;
                /** @description Both windows of the plan, as IETF RateLimit-Policy items; absent when the request failed before the rate limiter decided */
                "RateLimit-Policy"?: string;
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "invalid_request",
                 *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                 *       "status": 400
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "invalid_request" | "invalid_json";
                };
            };
        };
        /** @description The API key is missing, malformed, unknown, revoked or expired */
        Unauthorized: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "unauthorized",
                 *       "message": "The API key is invalid, revoked or expired",
                 *       "status": 401
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "unauthorized";
                };
            };
        };
        /** @description The API key does not have the scope this operation needs (code forbidden); the request still counted against its limits */
        Forbidden: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "forbidden",
                 *       "message": "This API key does not have the pets:write scope this operation needs",
                 *       "status": 403
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "forbidden";
                };
            };
        };
        /** @description Rate limit exceeded (code rate_limited), a key blocked for a while for sending while limited (code key_banned), or a client address blocked for a while for sending requests without a valid key while limited (code address_banned) */
        TooManyRequests: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "rate_limited",
                 *       "message": "Rate limit exceeded; retry after 12 s (see Retry-After and the X-RateLimit-* headers)",
                 *       "status": 429
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "rate_limited" | "key_banned" | "address_banned";
                };
            };
        };
        /** @description Unexpected error; the message carries the request id */
        InternalError: {
            headers: {
                /** @description Limit of the window closest to exhaustion (requests per minute or per day); absent when the request failed before the rate limiter decided */
                "X-RateLimit-Limit"?: number;
                /** @description Requests remaining in that window; absent when the request failed before the rate limiter decided */
                "X-RateLimit-Remaining"?: number;
                /** @description Unix time in seconds at which every request counted in that window has left it; absent when the request failed before the rate limiter decided */
                "X-RateLimit-Reset"?: number;
                /** @description Both windows of the plan, as IETF RateLimit-Policy items; absent when the request failed before the rate limiter decided */
                "RateLimit-Policy"?: string;
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "internal_error",
                 *       "message": "An unexpected error occurred. Quote request id 0b3d07c9-21ac-4e67-aaba-9d5fc59a87a1 when reporting it.",
                 *       "status": 500
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "internal_error";
                };
            };
        };
        /** @description A backing service is unavailable */
        ServiceUnavailable: {
            headers: {
                /** @description Limit of the window closest to exhaustion (requests per minute or per day); absent when the request failed before the rate limiter decided */
                "X-RateLimit-Limit"?: number;
                /** @description Requests remaining in that window; absent when the request failed before the rate limiter decided */
                "X-RateLimit-Remaining"?: number;
                /** @description Unix time in seconds at which every request counted in that window has left it; absent when the request failed before the rate limiter decided */
                "X-RateLimit-Reset"?: number;
                /** @description Both windows of the plan, as IETF RateLimit-Policy items; absent when the request failed before the rate limiter decided */
                "RateLimit-Policy"?: string;
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "service_unavailable",
                 *       "message": "The database is not answering; retry in a few seconds",
                 *       "status": 503
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "service_unavailable";
                };
            };
        };
        /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
        Conflict: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "idempotency_key_in_flight",
                 *       "message": "A request with this Idempotency-Key is still being processed; retry after Retry-After seconds to get its result",
                 *       "status": 409
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "idempotency_key_in_flight";
                };
            };
        };
        /** @description The request body is too large */
        PayloadTooLarge: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "payload_too_large",
                 *       "message": "The request body is larger than the 65536 bytes allowed",
                 *       "status": 413
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "payload_too_large";
                };
            };
        };
        /** @description The request body is not JSON */
        UnsupportedMediaType: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "unsupported_media_type",
                 *       "message": "The request body must be JSON, sent with 'Content-Type: application/json'",
                 *       "status": 415
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "unsupported_media_type";
                };
            };
        };
        /** @description The Idempotency-Key was already used with a different body (code idempotency_key_reused), or the request names a pet that does not exist (code pet_not_found) */
        UnprocessableContent: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "idempotency_key_reused",
                 *       "message": "This Idempotency-Key was already used with a different request body; send a new key for a new request",
                 *       "status": 422
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "idempotency_key_reused";
                };
            };
        };
        /** @description The animal or adoption request does not exist, or the caller may not see it */
        NotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "not_found",
                 *       "message": "No pet with id 42 exists",
                 *       "status": 404
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "not_found";
                };
            };
        };
        /** @description The operation is gone: past its Sunset date, or inside an announced brownout before it (code gone). Use the replacement the message and the Link header name; do not retry. */
        Gone: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                Deprecation: components["headers"]["Deprecation"];
                Sunset: components["headers"]["Sunset"];
                Link: components["headers"]["LinkDeprecated"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "gone",
                 *       "message": "This operation was removed on 2030-12-05T00:00:00.000Z; use GET /v1/pets?status= instead",
                 *       "status": 410
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "gone";
                };
            };
        };
        /** @description If-Match names a version that is no longer current (code precondition_failed); the ETag header carries the current one. Read the resource again and retry with it */
        PreconditionFailed: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "precondition_failed",
                 *       "message": "Pet 42 changed since it was read: its current ETag is \"3\". Read it again, apply the change to what it is now, and send it with the new ETag",
                 *       "status": 412
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "precondition_failed";
                };
            };
        };
        /** @description The change needs an If-Match header with the ETag the resource was read at (code precondition_required) */
        PreconditionRequired: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "precondition_required",
                 *       "message": "Changing pet 42 needs an If-Match header with the ETag it was read at (If-Match: \"2\" if you read it just now); read it first, then send the change with its ETag",
                 *       "status": 428
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "precondition_required";
                };
            };
        };
        /** @description Error */
        Error416: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Content-Range": components["headers"]["Content-Range"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "range_not_satisfiable",
                 *       "message": "See the message",
                 *       "status": 416
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "range_not_satisfiable";
                };
            };
        };
        /** @description Sent for any method a known path does not serve (OPTIONS and TRACE included), before any body is read */
        MethodNotAllowed: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "method_not_allowed",
                 *       "message": "DELETE is not allowed on /v1/pets; allowed: GET, HEAD, POST",
                 *       "status": 405
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "method_not_allowed";
                };
            };
        };
        /** @description Sent for a path the API does not have */
        RouteNotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "route_not_found",
                 *       "message": "No route GET /v1/animals",
                 *       "status": 404
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "route_not_found";
                };
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Limit of the window closest to exhaustion (requests per minute or per day) */
        "X-RateLimit-Limit": number;
        /** @description Requests remaining in that window */
        "X-RateLimit-Remaining": number;
        /** @description Unix time in seconds at which every request counted in that window has left it */
        "X-RateLimit-Reset": number;
        /** @description Both windows of the plan, as IETF RateLimit-Policy items */
        "RateLimit-Policy": string;
        /** @description Identifier of this request; quote it when reporting a problem */
        "X-Request-Id": string;
        /** @description `Bearer realm="animal-adoption-api"`, with `error="invalid_token"` when a key was sent */
        "WWW-Authenticate": string;
        /** @description Seconds to wait before retrying: until a request would be admitted (429), the in-flight create finishes (409), or the dependency is back (503) */
        "Retry-After": number;
        /** @description RFC 8288 link to the next page (rel="next"), present when more animals exist */
        LinkNext: string;
        /** @description With total=true: how many animals the search finds, exact up to 1,000 */
        "X-Total-Count": number;
        /** @description With total=true: `eq` when X-Total-Count is exact, `gte` when the search finds at least that many */
        "X-Total-Count-Relation": string;
        /** @description The version of the resource as an entity tag, e.g. `"3"`: send it back as If-Match to change it */
        ETag: string;
        /** @description URL of the created animal */
        Location: string;
        /** @description `true` when this is the stored response of an earlier request with the same Idempotency-Key */
        "Idempotent-Replayed": string;
        /** @description RFC 9745: when this operation was deprecated */
        Deprecation: string;
        /** @description RFC 8594: when this operation is removed (answers 410 for good) */
        Sunset: string;
        /** @description RFC 8288 links to the replacement operation (rel="successor-version") and to the deprecation policy (rel="sunset") */
        LinkDeprecated: string;
        /** @description `public, max-age=86400`: the reference may be kept for a day */
        "Cache-Control": string;
        /** @description Accept: the format follows it */
        Vary: string;
        /** @description bytes: one range is served (206) */
        "Accept-Ranges": string;
        /** @description `*`: any page may read the bytes from a script (`fetch()`, a canvas), on every answer of this operation */
        "Access-Control-Allow-Origin": string;
        /** @description bytes first-last/length */
        "Content-Range": string;
        /** @description The methods this path serves, e.g. `GET, HEAD, POST` */
        Allow: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getRateLimit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's plan and its windows */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description The size of each bucket: hour (kept 31 days), day (kept 400 days) */
                granularity?: "hour" | "day";
                /** @description Start of the range (RFC 3339); by default 60 minutes, 24 hours or 30 days before `to`. Not before the granularity is kept */
                from?: string;
                /** @description End of the range, excluded (RFC 3339); by default now. Buckets that have not begun are left out */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling key's usage */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description A query value is invalid (granularity, a date, a range over the retention or over 1000 buckets); the message names the field */
            400: {
                headers: {
                    /** @description Limit of the window closest to exhaustion (requests per minute or per day); absent when the request failed before the rate limiter decided */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests remaining in that window; absent when the request failed before the rate limiter decided */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds at which every request counted in that window has left it; absent when the request failed before the rate limiter decided */
                    "X-RateLimit-Reset"?: number;
                    /** @description Both windows of the plan, as IETF RateLimit-Policy items; absent when the request failed before the rate limiter decided */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPets: {
        parameters: {
            query?: {
                /** @description Maximum number of animals returned */
                limit?: number;
                /** @description Filters by availability: one (`status=available`), or several (`status=available,pending`, or repeated) */
                status?: components["schemas"]["PetStatus"] | components["schemas"]["PetStatus"][];
                /** @description Only the animals with these ids (1 to 100): `id=1&id=2`, or `id=1,2`. Ids that do not exist are left out. Combines with `status`. The replacement for fetching one animal by id. */
                id?: number[];
                /** @description Species, as `GET /v1/species` lists them: `species=cat,dog` */
                species?: string[];
                /** @description Breeds (the primary or the secondary), of the species asked for, or of any */
                breed?: string[];
                /** @description Sexes: female, male, unknown */
                sex?: ("female" | "male" | "unknown")[];
                /** @description Age groups: baby, young, adult, senior */
                ageGroup?: ("baby" | "young" | "adult" | "senior")[];
                /** @description Sizes: small, medium, large, extra-large */
                size?: ("small" | "medium" | "large" | "extra-large")[];
                /** @description Coats, of the species asked for, or of any */
                coat?: string[];
                /** @description Colours (the primary or the secondary), of the species asked for, or of any; a colour with ", " in its name is sent as a repeated `color=` */
                color?: string[];
                /** @description Good with children: `true` or `false`; animals whose record does not say are left out */
                goodWithChildren?: boolean;
                /** @description Good with dogs: `true` or `false`; animals whose record does not say are left out */
                goodWithDogs?: boolean;
                /** @description Good with cats: `true` or `false`; animals whose record does not say are left out */
                goodWithCats?: boolean;
                /** @description House-trained: `true` or `false`; animals whose record does not say are left out */
                houseTrained?: boolean;
                /** @description Has special needs: `true` or `false`; animals whose record does not say are left out */
                specialNeeds?: boolean;
                /** @description With at least one photo (`true`), or with none (`false`) */
                hasPhoto?: boolean;
                /** @description The organizations (their ids: the animals' `ownerId`) whose animals to find */
                organizationId?: string[];
                /** @description The name starts with this, whatever the case and accents (`zoe` finds Zoë) */
                name?: string;
                /** @description First published at or after this instant */
                publishedAfter?: string;
                /** @description Changed at or after this instant */
                updatedSince?: string;
                /** @description The shelter software systems the animals' references come from (`reference.source`, as pushed to `PUT /v1/sources/{source}/pets/{id}`): with `organizationId`, what one organization keeps from its system */
                source?: string[];
                /** @description Only animals within `radius` of this place, each with its `distance`: a postal code (`94110`, or with its country `94110,US`) or `lat,lng` in degrees. Distances are between postal codes' centres */
                near?: string;
                /** @description How far from `near`: above 0 and at most 500, in miles unless it ends in `km` (`25`, `25mi`, `40km`); 100 miles by default. Distances come in its unit. Only with `near` */
                radius?: string;
                /** @description `id` (the default: the order to sync in), `-publishedAt` (newest first), `updatedAt` (least recently changed first), `distance` (nearest first; needs `near`), `random` (with `seed`) */
                sort?: "id" | "-publishedAt" | "updatedAt" | "distance" | "random";
                /** @description With `sort=random`: the same seed gives the same order, page after page; one is chosen (and carried in the next page's link) when none is given */
                seed?: string;
                /** @description With `true`, `X-Total-Count` says how many animals the search finds: exact up to 1,000, beyond that 1,000 with `X-Total-Count-Relation: gte` */
                total?: boolean;
                /** @description Only these fields of each animal (a sparse fieldset): `fields=name,species`, or `fields=name&fields=species`. `id` always comes. The answer is then `application/vnd.adoption.sparse+json` (SparsePet); without `fields`, every field, as `application/json` (Pet). A name that is not a field of Pet is refused with 400. */
                fields?: ("id" | "name" | "categoryId" | "status" | "version" | "createdAt" | "updatedAt" | "statusChangedAt" | "adoptedAt" | "ownerId" | "organizationId" | "publishedAt" | "species" | "breeds" | "sex" | "ageGroup" | "birthDate" | "size" | "coat" | "colors" | "goodWith" | "attributes" | "description" | "adoptionFee" | "tags" | "location" | "photos" | "primaryPhoto" | "photoCount" | "place" | "reference" | "organization" | "distance")[];
                /** @description `expand=organization` embeds in each animal a summary of its organization (`organization`: id, name, website, location), so a listing page needs no second call; `null` for an animal whose organization has no profile */
                expand?: "organization"[];
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same query) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of animals: every field (application/json), or with `fields`, `id` and the fields asked for */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    "X-Total-Count-Relation": components["headers"]["X-Total-Count-Relation"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pets"];
                    "application/vnd.adoption.sparse+json": components["schemas"]["SparsePets"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and body (from the same caller) returns the first result with `Idempotent-Replayed: true` instead of adding another animal. 1 to 255 visible ASCII characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description An animal to add: its name, category and status, and any of its record (species, breeds, sex, age, size, coat, colours, whom it is good with, its health, a description, the fee, tags). Values that depend on the species must be that species' (GET /v1/species/{species}). Unknown fields are refused. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description The created animal, with its assigned id (or, on a replay, the animal the first request created) */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available",
                     *       "version": 1,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
                     *       "adoptedAt": null,
                     *       "ownerId": "acct_1042",
                     *       "organizationId": "acct_1042",
                     *       "publishedAt": "2026-11-25T10:00:00.000Z",
                     *       "species": "dog",
                     *       "breeds": {
                     *         "primary": "Labrador Retriever",
                     *         "secondary": null,
                     *         "mixed": true
                     *       },
                     *       "sex": "male",
                     *       "ageGroup": "young",
                     *       "birthDate": {
                     *         "date": "2025-04-01",
                     *         "exact": false
                     *       },
                     *       "size": "large",
                     *       "coat": "Short",
                     *       "colors": {
                     *         "primary": "Black",
                     *         "secondary": null
                     *       },
                     *       "goodWith": {
                     *         "children": true,
                     *         "dogs": true,
                     *         "cats": null
                     *       },
                     *       "attributes": {
                     *         "spayedNeutered": true,
                     *         "houseTrained": true,
                     *         "specialNeeds": false,
                     *         "specialNeedsDetails": null,
                     *         "shotsCurrent": true,
                     *         "microchipped": true
                     *       },
                     *       "description": "Rex loves long walks and knows sit, down and paw.",
                     *       "adoptionFee": {
                     *         "amount": 15000,
                     *         "currency": "USD"
                     *       },
                     *       "tags": [
                     *         "playful",
                     *         "loves water"
                     *       ],
                     *       "location": null,
                     *       "photos": [],
                     *       "primaryPhoto": null,
                     *       "photoCount": 0,
                     *       "place": {
                     *         "postalCode": "94110",
                     *         "city": "San Francisco",
                     *         "region": "CA",
                     *         "country": "US",
                     *         "kind": "organization"
                     *       },
                     *       "reference": {
                     *         "source": "shelterluv",
                     *         "id": "A-1024"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPet: {
        parameters: {
            query?: {
                /** @description Only these fields of each animal (a sparse fieldset): `fields=name,species`, or `fields=name&fields=species`. `id` always comes. The answer is then `application/vnd.adoption.sparse+json` (SparsePet); without `fields`, every field, as `application/json` (Pet). A name that is not a field of Pet is refused with 400. */
                fields?: ("id" | "name" | "categoryId" | "status" | "version" | "createdAt" | "updatedAt" | "statusChangedAt" | "adoptedAt" | "ownerId" | "organizationId" | "publishedAt" | "species" | "breeds" | "sex" | "ageGroup" | "birthDate" | "size" | "coat" | "colors" | "goodWith" | "attributes" | "description" | "adoptionFee" | "tags" | "location" | "photos" | "primaryPhoto" | "photoCount" | "place" | "reference" | "organization" | "distance")[];
            };
            header?: never;
            path: {
                /** @description Identifier of the animal, in decimal digits without sign or leading zeros. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded. */
                petId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animal */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["LinkDeprecated"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                    "application/vnd.adoption.sparse+json": components["schemas"]["SparsePet"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deletePet: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Optional: when sent, a resource changed since gets 412. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match"?: string;
            };
            path: {
                /** @description Identifier of the animal, in decimal digits without sign or leading zeros. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded. */
                petId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animal was removed */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "pet_held",
                     *       "message": "Pet 42 is held by the approved adoption request ord_mh3k2x1a0b4c5d6e7f8g9h0; deliver or cancel that request to change its status",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "pet_held";
                    };
                };
            };
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updatePet: {
        parameters: {
            query?: never;
            header: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Required: without it the change is refused with 428. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match": string;
            };
            path: {
                /** @description Identifier of the animal, in decimal digits without sign or leading zeros. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded. */
                petId: number;
            };
            cookie?: never;
        };
        /** @description The fields to change (RFC 7396 merge patch), at least one. The record's nested objects merge (a member left out stays, null removes it) and null clears a record field; null for name, categoryId or status, unknown fields and read-only fields (id, version, the times, ownerId, organizationId, publishedAt, place) are refused. The record is checked whole after the merge: a new species needs breeds, coat and colours of its own. */
        requestBody: {
            content: {
                "application/merge-patch+json": components["schemas"]["PetPatch"];
                "application/json": components["schemas"]["PetPatch"];
            };
        };
        responses: {
            /** @description The animal after the change */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available",
                     *       "version": 1,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
                     *       "adoptedAt": null,
                     *       "ownerId": "acct_1042",
                     *       "organizationId": "acct_1042",
                     *       "publishedAt": "2026-11-25T10:00:00.000Z",
                     *       "species": "dog",
                     *       "breeds": {
                     *         "primary": "Labrador Retriever",
                     *         "secondary": null,
                     *         "mixed": true
                     *       },
                     *       "sex": "male",
                     *       "ageGroup": "young",
                     *       "birthDate": {
                     *         "date": "2025-04-01",
                     *         "exact": false
                     *       },
                     *       "size": "large",
                     *       "coat": "Short",
                     *       "colors": {
                     *         "primary": "Black",
                     *         "secondary": null
                     *       },
                     *       "goodWith": {
                     *         "children": true,
                     *         "dogs": true,
                     *         "cats": null
                     *       },
                     *       "attributes": {
                     *         "spayedNeutered": true,
                     *         "houseTrained": true,
                     *         "specialNeeds": false,
                     *         "specialNeedsDetails": null,
                     *         "shotsCurrent": true,
                     *         "microchipped": true
                     *       },
                     *       "description": "Rex loves long walks and knows sit, down and paw.",
                     *       "adoptionFee": {
                     *         "amount": 15000,
                     *         "currency": "USD"
                     *       },
                     *       "tags": [
                     *         "playful",
                     *         "loves water"
                     *       ],
                     *       "location": null,
                     *       "photos": [],
                     *       "primaryPhoto": null,
                     *       "photoCount": 0,
                     *       "place": {
                     *         "postalCode": "94110",
                     *         "city": "San Francisco",
                     *         "region": "CA",
                     *         "country": "US",
                     *         "kind": "organization"
                     *       },
                     *       "reference": {
                     *         "source": "shelterluv",
                     *         "id": "A-1024"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_transition",
                     *       "message": "A sold pet cannot become pending; from sold it may become available",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_transition" | "pet_held";
                    };
                };
            };
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            428: components["responses"]["PreconditionRequired"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPetByReference: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shelter software the animal comes from, named as you choose (1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit), for example `shelterluv` */
                source: string;
                /** @description The animal's id in that software (1 to 100 letters, digits, ".", "_", "-", "~", ":" or "@") */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animal */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available",
                     *       "version": 1,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
                     *       "adoptedAt": null,
                     *       "ownerId": "acct_1042",
                     *       "organizationId": "acct_1042",
                     *       "publishedAt": "2026-11-25T10:00:00.000Z",
                     *       "species": "dog",
                     *       "breeds": {
                     *         "primary": "Labrador Retriever",
                     *         "secondary": null,
                     *         "mixed": true
                     *       },
                     *       "sex": "male",
                     *       "ageGroup": "young",
                     *       "birthDate": {
                     *         "date": "2025-04-01",
                     *         "exact": false
                     *       },
                     *       "size": "large",
                     *       "coat": "Short",
                     *       "colors": {
                     *         "primary": "Black",
                     *         "secondary": null
                     *       },
                     *       "goodWith": {
                     *         "children": true,
                     *         "dogs": true,
                     *         "cats": null
                     *       },
                     *       "attributes": {
                     *         "spayedNeutered": true,
                     *         "houseTrained": true,
                     *         "specialNeeds": false,
                     *         "specialNeedsDetails": null,
                     *         "shotsCurrent": true,
                     *         "microchipped": true
                     *       },
                     *       "description": "Rex loves long walks and knows sit, down and paw.",
                     *       "adoptionFee": {
                     *         "amount": 15000,
                     *         "currency": "USD"
                     *       },
                     *       "tags": [
                     *         "playful",
                     *         "loves water"
                     *       ],
                     *       "location": null,
                     *       "photos": [],
                     *       "primaryPhoto": null,
                     *       "photoCount": 0,
                     *       "place": {
                     *         "postalCode": "94110",
                     *         "city": "San Francisco",
                     *         "region": "CA",
                     *         "country": "US",
                     *         "kind": "organization"
                     *       },
                     *       "reference": {
                     *         "source": "shelterluv",
                     *         "id": "A-1024"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pushPet: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Optional: when sent, a resource changed since gets 412. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match"?: string;
                /** @description `*`: create only. When one of your animals has the reference already, the push is refused with 412 */
                "if-none-match"?: string;
            };
            path: {
                /** @description The shelter software the animal comes from, named as you choose (1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit), for example `shelterluv` */
                source: string;
                /** @description The animal's id in that software (1 to 100 letters, digits, ".", "_", "-", "~", ":" or "@") */
                id: string;
            };
            cookie?: never;
        };
        /** @description An animal to add: its name, category and status, and any of its record (species, breeds, sex, age, size, coat, colours, whom it is good with, its health, a description, the fee, tags). Values that depend on the species must be that species' (GET /v1/species/{species}). Unknown fields are refused. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description The animal after the push (the same version when it changed nothing) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available",
                     *       "version": 1,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
                     *       "adoptedAt": null,
                     *       "ownerId": "acct_1042",
                     *       "organizationId": "acct_1042",
                     *       "publishedAt": "2026-11-25T10:00:00.000Z",
                     *       "species": "dog",
                     *       "breeds": {
                     *         "primary": "Labrador Retriever",
                     *         "secondary": null,
                     *         "mixed": true
                     *       },
                     *       "sex": "male",
                     *       "ageGroup": "young",
                     *       "birthDate": {
                     *         "date": "2025-04-01",
                     *         "exact": false
                     *       },
                     *       "size": "large",
                     *       "coat": "Short",
                     *       "colors": {
                     *         "primary": "Black",
                     *         "secondary": null
                     *       },
                     *       "goodWith": {
                     *         "children": true,
                     *         "dogs": true,
                     *         "cats": null
                     *       },
                     *       "attributes": {
                     *         "spayedNeutered": true,
                     *         "houseTrained": true,
                     *         "specialNeeds": false,
                     *         "specialNeedsDetails": null,
                     *         "shotsCurrent": true,
                     *         "microchipped": true
                     *       },
                     *       "description": "Rex loves long walks and knows sit, down and paw.",
                     *       "adoptionFee": {
                     *         "amount": 15000,
                     *         "currency": "USD"
                     *       },
                     *       "tags": [
                     *         "playful",
                     *         "loves water"
                     *       ],
                     *       "location": null,
                     *       "photos": [],
                     *       "primaryPhoto": null,
                     *       "photoCount": 0,
                     *       "place": {
                     *         "postalCode": "94110",
                     *         "city": "San Francisco",
                     *         "region": "CA",
                     *         "country": "US",
                     *         "kind": "organization"
                     *       },
                     *       "reference": {
                     *         "source": "shelterluv",
                     *         "id": "A-1024"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The animal the push made */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available",
                     *       "version": 1,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
                     *       "adoptedAt": null,
                     *       "ownerId": "acct_1042",
                     *       "organizationId": "acct_1042",
                     *       "publishedAt": "2026-11-25T10:00:00.000Z",
                     *       "species": "dog",
                     *       "breeds": {
                     *         "primary": "Labrador Retriever",
                     *         "secondary": null,
                     *         "mixed": true
                     *       },
                     *       "sex": "male",
                     *       "ageGroup": "young",
                     *       "birthDate": {
                     *         "date": "2025-04-01",
                     *         "exact": false
                     *       },
                     *       "size": "large",
                     *       "coat": "Short",
                     *       "colors": {
                     *         "primary": "Black",
                     *         "secondary": null
                     *       },
                     *       "goodWith": {
                     *         "children": true,
                     *         "dogs": true,
                     *         "cats": null
                     *       },
                     *       "attributes": {
                     *         "spayedNeutered": true,
                     *         "houseTrained": true,
                     *         "specialNeeds": false,
                     *         "specialNeedsDetails": null,
                     *         "shotsCurrent": true,
                     *         "microchipped": true
                     *       },
                     *       "description": "Rex loves long walks and knows sit, down and paw.",
                     *       "adoptionFee": {
                     *         "amount": 15000,
                     *         "currency": "USD"
                     *       },
                     *       "tags": [
                     *         "playful",
                     *         "loves water"
                     *       ],
                     *       "location": null,
                     *       "photos": [],
                     *       "primaryPhoto": null,
                     *       "photoCount": 0,
                     *       "place": {
                     *         "postalCode": "94110",
                     *         "city": "San Francisco",
                     *         "region": "CA",
                     *         "country": "US",
                     *         "kind": "organization"
                     *       },
                     *       "reference": {
                     *         "source": "shelterluv",
                     *         "id": "A-1024"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_transition",
                     *       "message": "A sold pet cannot become pending; from sold it may become available",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_transition" | "pet_held";
                    };
                };
            };
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Maximum number of adoption requests returned */
                limit?: number;
                /** @description Only requests in this status */
                status?: components["schemas"]["OrderStatus"];
                /** @description Only requests for this animal */
                petId?: number;
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same limit, status and petId) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of adoption requests */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Orders"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    placeOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and body (from the same caller) returns the first result with `Idempotent-Replayed: true` instead of placing another request. 1 to 255 visible ASCII characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description An adoption request to place. Unknown fields are refused. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "petId": 42,
                 *       "applicantName": "Ada Lovelace",
                 *       "note": "We have a garden"
                 *     }
                 */
                "application/json": components["schemas"]["NewOrder"];
            };
        };
        responses: {
            /** @description The placed request (or, on a replay, the request the first call placed) */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ord_mh3k2x1a0b4c5d6e7f8g9",
                     *       "petId": 42,
                     *       "status": "placed",
                     *       "applicantName": "Ada Lovelace",
                     *       "note": "We have a garden",
                     *       "cancelReason": null,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "pet_not_available",
                     *       "message": "Pet 42 has been adopted; it takes no more adoption requests",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "pet_not_available";
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (code idempotency_key_reused), or the request names a pet that does not exist (code pet_not_found) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "pet_not_found",
                     *       "message": "No pet with id 42 exists; list the animals (GET /v1/pets) for the ids that can be adopted",
                     *       "status": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "idempotency_key_reused" | "pet_not_found";
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the adoption request (ord_ and 21 lower-case letters or digits) */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The adoption request */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ord_mh3k2x1a0b4c5d6e7f8g9",
                     *       "petId": 42,
                     *       "status": "placed",
                     *       "applicantName": "Ada Lovelace",
                     *       "note": "We have a garden",
                     *       "cancelReason": null,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    approveOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the adoption request (ord_ and 21 lower-case letters or digits) */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The adoption request after the action */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ord_mh3k2x1a0b4c5d6e7f8g9",
                     *       "petId": 42,
                     *       "status": "placed",
                     *       "applicantName": "Ada Lovelace",
                     *       "note": "We have a garden",
                     *       "cancelReason": null,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_transition",
                     *       "message": "A sold pet cannot become pending; from sold it may become available",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_transition" | "pet_not_available";
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deliverOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the adoption request (ord_ and 21 lower-case letters or digits) */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The adoption request after the action */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ord_mh3k2x1a0b4c5d6e7f8g9",
                     *       "petId": 42,
                     *       "status": "placed",
                     *       "applicantName": "Ada Lovelace",
                     *       "note": "We have a garden",
                     *       "cancelReason": null,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_transition",
                     *       "message": "A sold pet cannot become pending; from sold it may become available",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_transition";
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the adoption request (ord_ and 21 lower-case letters or digits) */
                orderId: string;
            };
            cookie?: never;
        };
        /** @description Why the request is cancelled */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "withdrawn"
                 *     }
                 */
                "application/json": components["schemas"]["CancelOrder"];
            };
        };
        responses: {
            /** @description The adoption request, cancelled */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ord_mh3k2x1a0b4c5d6e7f8g9",
                     *       "petId": 42,
                     *       "status": "placed",
                     *       "applicantName": "Ada Lovelace",
                     *       "note": "We have a garden",
                     *       "cancelReason": null,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_transition",
                     *       "message": "A sold pet cannot become pending; from sold it may become available",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_transition";
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description The id of the last event you have: the page starts after it. Leave it out to start from the oldest event the feed keeps. An id older than the feed keeps gets 410 `gone`. */
                after?: string;
                /** @description `from=now`: no events, only where the feed stands: the page is empty and its `Link: rel="next"` starts with the next change (after the newest event you may see). Take it before reading the lists you mirror, then follow it: nothing is missed. Not with `after` */
                from?: "now";
                /** @description Only events of these types: `type=pet.created&type=pet.deleted`, or `type=pet.created,pet.deleted` */
                type?: components["schemas"]["EventType"][];
                /** @description Maximum number of events returned */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Events"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The operation has been removed (after its Sunset date) or is inside an announced brownout before it (code gone); the message and the Link header name the replacement. Do not retry it. */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "gone",
                     *       "message": "This operation was removed on 2030-12-05T00:00:00.000Z; use GET /v1/pets?status= instead",
                     *       "status": 410
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "gone";
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the event */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCategories: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of a copy the client keeps: 304 when it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every category */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Categories"];
                };
            };
            /** @description The copy the client keeps is current */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSpecies: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of a copy the client keeps: 304 when it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every species */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpeciesList"];
                };
            };
            /** @description The copy the client keeps is current */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSpecies: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of a copy the client keeps: 304 when it is still current */
                "if-none-match"?: string;
            };
            path: {
                /** @description A species id (dog, cat, rabbit, small-furry, horse, bird, scales-fins-other, barnyard) */
                species: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The species */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Species"];
                };
            };
            /** @description The copy the client keeps is current */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the animal, in decimal digits without sign or leading zeros. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded. */
                petId: number;
            };
            cookie?: never;
        };
        /** @description The image: JPEG, PNG or WebP, up to 10 MiB */
        requestBody: {
            content: {
                "image/jpeg": string;
                "image/png": string;
                "image/webp": string;
            };
        };
        responses: {
            /** @description The animal, which had this photo already (the same bytes sent again) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available",
                     *       "version": 1,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
                     *       "adoptedAt": null,
                     *       "ownerId": "acct_1042",
                     *       "organizationId": "acct_1042",
                     *       "publishedAt": "2026-11-25T10:00:00.000Z",
                     *       "species": "dog",
                     *       "breeds": {
                     *         "primary": "Labrador Retriever",
                     *         "secondary": null,
                     *         "mixed": true
                     *       },
                     *       "sex": "male",
                     *       "ageGroup": "young",
                     *       "birthDate": {
                     *         "date": "2025-04-01",
                     *         "exact": false
                     *       },
                     *       "size": "large",
                     *       "coat": "Short",
                     *       "colors": {
                     *         "primary": "Black",
                     *         "secondary": null
                     *       },
                     *       "goodWith": {
                     *         "children": true,
                     *         "dogs": true,
                     *         "cats": null
                     *       },
                     *       "attributes": {
                     *         "spayedNeutered": true,
                     *         "houseTrained": true,
                     *         "specialNeeds": false,
                     *         "specialNeedsDetails": null,
                     *         "shotsCurrent": true,
                     *         "microchipped": true
                     *       },
                     *       "description": "Rex loves long walks and knows sit, down and paw.",
                     *       "adoptionFee": {
                     *         "amount": 15000,
                     *         "currency": "USD"
                     *       },
                     *       "tags": [
                     *         "playful",
                     *         "loves water"
                     *       ],
                     *       "location": null,
                     *       "photos": [],
                     *       "primaryPhoto": null,
                     *       "photoCount": 0,
                     *       "place": {
                     *         "postalCode": "94110",
                     *         "city": "San Francisco",
                     *         "region": "CA",
                     *         "country": "US",
                     *         "kind": "organization"
                     *       },
                     *       "reference": {
                     *         "source": "shelterluv",
                     *         "id": "A-1024"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The animal with the new photo last */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available",
                     *       "version": 1,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
                     *       "adoptedAt": null,
                     *       "ownerId": "acct_1042",
                     *       "organizationId": "acct_1042",
                     *       "publishedAt": "2026-11-25T10:00:00.000Z",
                     *       "species": "dog",
                     *       "breeds": {
                     *         "primary": "Labrador Retriever",
                     *         "secondary": null,
                     *         "mixed": true
                     *       },
                     *       "sex": "male",
                     *       "ageGroup": "young",
                     *       "birthDate": {
                     *         "date": "2025-04-01",
                     *         "exact": false
                     *       },
                     *       "size": "large",
                     *       "coat": "Short",
                     *       "colors": {
                     *         "primary": "Black",
                     *         "secondary": null
                     *       },
                     *       "goodWith": {
                     *         "children": true,
                     *         "dogs": true,
                     *         "cats": null
                     *       },
                     *       "attributes": {
                     *         "spayedNeutered": true,
                     *         "houseTrained": true,
                     *         "specialNeeds": false,
                     *         "specialNeedsDetails": null,
                     *         "shotsCurrent": true,
                     *         "microchipped": true
                     *       },
                     *       "description": "Rex loves long walks and knows sit, down and paw.",
                     *       "adoptionFee": {
                     *         "amount": 15000,
                     *         "currency": "USD"
                     *       },
                     *       "tags": [
                     *         "playful",
                     *         "loves water"
                     *       ],
                     *       "location": null,
                     *       "photos": [],
                     *       "primaryPhoto": null,
                     *       "photoCount": 0,
                     *       "place": {
                     *         "postalCode": "94110",
                     *         "city": "San Francisco",
                     *         "region": "CA",
                     *         "country": "US",
                     *         "kind": "organization"
                     *       },
                     *       "reference": {
                     *         "source": "shelterluv",
                     *         "id": "A-1024"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "image_invalid",
                     *       "message": "The body is a PNG image but was sent as image/jpeg; send it with Content-Type image/png (reason format_mismatch)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json" | "image_invalid";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "photo_limit_reached",
                     *       "message": "Pet 42 has 12 photos, the most an animal has; remove one before adding another",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "photo_limit_reached";
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deletePhoto: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Optional: when sent, a resource changed since gets 412. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match"?: string;
            };
            path: {
                /** @description Identifier of the animal, in decimal digits without sign or leading zeros. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded. */
                petId: number;
                /** @description The photo's id, as the animal's `photos` show it */
                photoId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animal without the photo */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available",
                     *       "version": 1,
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "statusChangedAt": "2026-11-25T10:00:00.000Z",
                     *       "adoptedAt": null,
                     *       "ownerId": "acct_1042",
                     *       "organizationId": "acct_1042",
                     *       "publishedAt": "2026-11-25T10:00:00.000Z",
                     *       "species": "dog",
                     *       "breeds": {
                     *         "primary": "Labrador Retriever",
                     *         "secondary": null,
                     *         "mixed": true
                     *       },
                     *       "sex": "male",
                     *       "ageGroup": "young",
                     *       "birthDate": {
                     *         "date": "2025-04-01",
                     *         "exact": false
                     *       },
                     *       "size": "large",
                     *       "coat": "Short",
                     *       "colors": {
                     *         "primary": "Black",
                     *         "secondary": null
                     *       },
                     *       "goodWith": {
                     *         "children": true,
                     *         "dogs": true,
                     *         "cats": null
                     *       },
                     *       "attributes": {
                     *         "spayedNeutered": true,
                     *         "houseTrained": true,
                     *         "specialNeeds": false,
                     *         "specialNeedsDetails": null,
                     *         "shotsCurrent": true,
                     *         "microchipped": true
                     *       },
                     *       "description": "Rex loves long walks and knows sit, down and paw.",
                     *       "adoptionFee": {
                     *         "amount": 15000,
                     *         "currency": "USD"
                     *       },
                     *       "tags": [
                     *         "playful",
                     *         "loves water"
                     *       ],
                     *       "location": null,
                     *       "photos": [],
                     *       "primaryPhoto": null,
                     *       "photoCount": 0,
                     *       "place": {
                     *         "postalCode": "94110",
                     *         "city": "San Francisco",
                     *         "region": "CA",
                     *         "country": "US",
                     *         "kind": "organization"
                     *       },
                     *       "reference": {
                     *         "source": "shelterluv",
                     *         "id": "A-1024"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPhoto: {
        parameters: {
            query?: never;
            header?: {
                /** @description One byte range (`bytes=0-1023`, `bytes=1024-`, `bytes=-512`): 206 with it. Several ranges get the whole variant */
                range?: string;
                /** @description The range only if this is still the variant's ETag; else the whole variant */
                "if-range"?: string;
            };
            path: {
                /** @description The photo's id, as the animal's `photos` show it */
                photoId: string;
                /** @description The variant */
                size: "small" | "medium" | "large" | "full";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variant */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    Vary: components["headers"]["Vary"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/webp": string;
                };
            };
            /** @description The range asked for */
            206: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    Vary: components["headers"]["Vary"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Range": components["headers"]["Content-Range"];
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/webp": string;
                };
            };
            /** @description The copy the ETag names is current */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            404: components["responses"]["NotFound"];
            416: components["responses"]["Error416"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSavedSearches: {
        parameters: {
            query?: {
                /** @description Maximum number of saved searches returned */
                limit?: number;
                /** @description Opaque position after which the page starts: the `cursor` of the previous page's `Link: <...>; rel="next"` */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of saved searches */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearches"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSavedSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A search to keep, and to be alerted of */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewSavedSearch"];
            };
        };
        responses: {
            /** @description The saved search */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearch"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "saved_search_limit_reached",
                     *       "message": "This owner keeps 25 saved searches, the most its free plan allows; remove one (DELETE /v1/saved-searches/{id}) before saving another",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "saved_search_limit_reached";
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSavedSearch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The saved search: `srch_` and 22 letters and digits */
                searchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The saved search */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearch"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    replaceSavedSearch: {
        parameters: {
            query?: never;
            header: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Required: without it the change is refused with 428. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match": string;
            };
            path: {
                /** @description The saved search: `srch_` and 22 letters and digits */
                searchId: string;
            };
            cookie?: never;
        };
        /** @description A search to keep, and to be alerted of */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewSavedSearch"];
            };
        };
        responses: {
            /** @description The saved search after the change */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearch"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            428: components["responses"]["PreconditionRequired"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSavedSearch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Optional: when sent, a resource changed since gets 412. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match"?: string;
            };
            path: {
                /** @description The saved search: `srch_` and 22 letters and digits */
                searchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The saved search was removed */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    renewSavedSearch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Optional: when sent, a resource changed since gets 412. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match"?: string;
            };
            path: {
                /** @description The saved search: `srch_` and 22 letters and digits */
                searchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The renewed saved search */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedSearch"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSavedSearchMatches: {
        parameters: {
            query?: {
                /** @description Maximum number of animals returned */
                limit?: number;
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same query) */
                cursor?: string;
                /** @description `id` (the default: the order to sync in), `-publishedAt` (newest first), `updatedAt` (least recently changed first), `distance` (nearest first; needs `near`), `random` (with `seed`) */
                sort?: "id" | "-publishedAt" | "updatedAt" | "distance" | "random";
                /** @description With `sort=random`: the same seed gives the same order, page after page; one is chosen (and carried in the next page's link) when none is given */
                seed?: string;
                /** @description With `true`, `X-Total-Count` says how many animals the search finds: exact up to 1,000, beyond that 1,000 with `X-Total-Count-Relation: gte` */
                total?: boolean;
                /** @description Only these fields of each animal (a sparse fieldset): `fields=name,species`, or `fields=name&fields=species`. `id` always comes. The answer is then `application/vnd.adoption.sparse+json` (SparsePet); without `fields`, every field, as `application/json` (Pet). A name that is not a field of Pet is refused with 400. */
                fields?: ("id" | "name" | "categoryId" | "status" | "version" | "createdAt" | "updatedAt" | "statusChangedAt" | "adoptedAt" | "ownerId" | "organizationId" | "publishedAt" | "species" | "breeds" | "sex" | "ageGroup" | "birthDate" | "size" | "coat" | "colors" | "goodWith" | "attributes" | "description" | "adoptionFee" | "tags" | "location" | "photos" | "primaryPhoto" | "photoCount" | "place" | "reference" | "organization" | "distance")[];
                /** @description `expand=organization` embeds in each animal a summary of its organization (`organization`: id, name, website, location), so a listing page needs no second call; `null` for an animal whose organization has no profile */
                expand?: "organization"[];
            };
            header?: never;
            path: {
                /** @description The saved search: `srch_` and 22 letters and digits */
                searchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the animals the search finds */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    "X-Total-Count-Relation": components["headers"]["X-Total-Count-Relation"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pets"];
                    "application/vnd.adoption.sparse+json": components["schemas"]["SparsePets"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOrganizations: {
        parameters: {
            query?: {
                /** @description Maximum number of organizations returned */
                limit?: number;
                /** @description Only those in this country (ISO 3166-1 alpha-2; US is the one covered) */
                country?: string;
                /** @description Only those in this region: a US state or territory code such as NY; an unknown one is refused */
                region?: string;
                /** @description Only those at this postal code (10001, or 10001-1234 read as 10001); an unknown one is refused, never ignored */
                postalCode?: string;
                /** @description Only these organizations (1 to 100): `id=a&id=b`, or `id=a,b`; ids that do not exist are left out */
                id?: string[];
                /** @description Only organizations within `radius` of this place, each with its `distance`: a postal code (`94110`, or with its country `94110,US`) or `lat,lng` in degrees. Distances are between postal codes' centres */
                near?: string;
                /** @description How far from `near`: above 0 and at most 500, in miles unless it ends in `km` (`25`, `25mi`, `40km`); 100 miles by default. Distances come in its unit. Only with `near` */
                radius?: string;
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same limit and filters) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of organizations */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizations"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the copy the client keeps (`"<version>"`): 304 while it is still current */
                "if-none-match"?: string;
            };
            path: {
                /** @description The organization's id (its owner id) */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "acct_1042",
                     *       "name": "Hudson Valley Animal Rescue",
                     *       "email": "adopt@hvar.example",
                     *       "phone": "+1 212 555 0100",
                     *       "website": "https://hvar.example",
                     *       "address": "12 Shelter Lane",
                     *       "location": {
                     *         "postalCode": "10001",
                     *         "city": "New York",
                     *         "region": "NY",
                     *         "country": "US"
                     *       },
                     *       "adoptionPolicyUrl": "https://hvar.example/adopt",
                     *       "hours": "Tue-Sat 11:00-18:00",
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description The copy the client keeps is current */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Required: without it the change is refused with 428. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match": string;
            };
            path: {
                /** @description The organization's id (its owner id) */
                organizationId: string;
            };
            cookie?: never;
        };
        /** @description The fields to change (RFC 7396 merge patch), at least one; null removes a field (not the name). id, version and the times are read-only. */
        requestBody: {
            content: {
                "application/merge-patch+json": components["schemas"]["OrganizationPatch"];
                "application/json": components["schemas"]["OrganizationPatch"];
            };
        };
        responses: {
            /** @description The organization after the change */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "acct_1042",
                     *       "name": "Hudson Valley Animal Rescue",
                     *       "email": "adopt@hvar.example",
                     *       "phone": "+1 212 555 0100",
                     *       "website": "https://hvar.example",
                     *       "address": "12 Shelter Lane",
                     *       "location": {
                     *         "postalCode": "10001",
                     *         "city": "New York",
                     *         "region": "NY",
                     *         "country": "US"
                     *       },
                     *       "adoptionPolicyUrl": "https://hvar.example/adopt",
                     *       "hours": "Tue-Sat 11:00-18:00",
                     *       "createdAt": "2026-11-25T10:00:00.000Z",
                     *       "updatedAt": "2026-11-25T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            428: components["responses"]["PreconditionRequired"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Maximum number of webhook endpoints returned */
                limit?: number;
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same limit) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhook endpoints */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoints"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A webhook endpoint to make */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://shelter.example.org/hooks/adoptions",
                 *       "enabledEvents": [
                 *         "pet.updated",
                 *         "pet.deleted"
                 *       ],
                 *       "description": "Keeps the website in step"
                 *     }
                 */
                "application/json": components["schemas"]["NewWebhookEndpoint"];
            };
        };
        responses: {
            /** @description The endpoint, with its signing secret (shown only now) */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_0mwqcvpc0001Ab3dE9f",
                     *       "url": "https://shelter.example.org/hooks/adoptions",
                     *       "enabledEvents": [
                     *         "pet.updated",
                     *         "pet.deleted"
                     *       ],
                     *       "description": "Keeps the website in step",
                     *       "status": "enabled",
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-26T10:00:00.000Z",
                     *       "updatedAt": "2026-11-26T10:00:00.000Z",
                     *       "version": 1,
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1e+VtnSBRtk="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "endpoint_limit_reached",
                     *       "message": "This owner has 10 webhook endpoints, the most it may have (WEBHOOK_ENDPOINTS_PER_OWNER); remove one, or send more event types to one that exists",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "endpoint_limit_reached";
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (code idempotency_key_reused), or the request names a pet that does not exist (code pet_not_found) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "url_not_allowed",
                     *       "message": "url's host hooks.example.com resolves to a private address; webhooks go to public addresses only",
                     *       "status": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "url_not_allowed";
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook endpoint */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_0mwqcvpc0001Ab3dE9f",
                     *       "url": "https://shelter.example.org/hooks/adoptions",
                     *       "enabledEvents": [
                     *         "pet.updated",
                     *         "pet.deleted"
                     *       ],
                     *       "description": "Keeps the website in step",
                     *       "status": "enabled",
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-26T10:00:00.000Z",
                     *       "updatedAt": "2026-11-26T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint was removed */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay as they are */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "disabled"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointPatch"];
            };
        };
        responses: {
            /** @description The webhook endpoint after the change */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_0mwqcvpc0001Ab3dE9f",
                     *       "url": "https://shelter.example.org/hooks/adoptions",
                     *       "enabledEvents": [
                     *         "pet.updated",
                     *         "pet.deleted"
                     *       ],
                     *       "description": "Keeps the website in step",
                     *       "status": "enabled",
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-26T10:00:00.000Z",
                     *       "updatedAt": "2026-11-26T10:00:00.000Z",
                     *       "version": 1
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (code idempotency_key_reused), or the request names a pet that does not exist (code pet_not_found) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "url_not_allowed",
                     *       "message": "url's host hooks.example.com resolves to a private address; webhooks go to public addresses only",
                     *       "status": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "url_not_allowed";
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
            };
            cookie?: never;
        };
        /** @description How to rotate the signing secret */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "overlapSeconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["RotateSecret"];
            };
        };
        responses: {
            /** @description The endpoint, with its new signing secret (shown only now) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_0mwqcvpc0001Ab3dE9f",
                     *       "url": "https://shelter.example.org/hooks/adoptions",
                     *       "enabledEvents": [
                     *         "pet.updated",
                     *         "pet.deleted"
                     *       ],
                     *       "description": "Keeps the website in step",
                     *       "status": "enabled",
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-26T10:00:00.000Z",
                     *       "updatedAt": "2026-11-26T10:00:00.000Z",
                     *       "version": 1,
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1e+VtnSBRtk="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description pending (an attempt is due at nextAttemptAt), delivered (a 2xx), failed (stopped and not retried: the address was refused, the endpoint answered 410, or it was removed), exhausted (every retry failed), skipped (the endpoint was disabled when the event came) */
                status?: "pending" | "delivered" | "failed" | "exhausted" | "skipped";
                /** @description Maximum number of deliveries returned */
                limit?: number;
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same limit and status) */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveries"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
                /** @description Identifier of the delivery of one event to one endpoint (`wd_` and 31 characters) */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
                /** @description Identifier of the delivery of one event to one endpoint (`wd_` and 31 characters) */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, due now */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recoverWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-11-20T00:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["RecoverDeliveries"];
            };
        };
        responses: {
            /** @description How many deliveries are due again */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveredDeliveries"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time) */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the endpoint answered */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPublishingDestinations: {
        parameters: {
            query?: {
                /** @description Maximum number of destinations returned */
                limit?: number;
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same limit) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of destinations */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["LinkNext"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destinations"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPublishingDestination: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Where to publish: an adoption site and the FTP account it gave */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewDestination"];
            };
        };
        responses: {
            /** @description The destination (without its password) */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destination"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource again before deciding) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "destination_limit_reached",
                     *       "message": "This owner has 10 publishing destinations, the most it may have (PUBLISHING_DESTINATIONS_PER_OWNER); remove one it no longer uses",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "destination_limit_reached";
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (code idempotency_key_reused), or the request names a pet that does not exist (code pet_not_found) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "host_not_allowed",
                     *       "message": "host ftp.example.com resolves to a private address; uploads go to public addresses only",
                     *       "status": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "host_not_allowed";
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPublishingDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The destination: `pd_` and 19 letters and digits */
                destinationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destination"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deletePublishingDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Optional: when sent, a resource changed since gets 412. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match"?: string;
            };
            path: {
                /** @description The destination: `pd_` and 19 letters and digits */
                destinationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination was removed */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updatePublishingDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the resource was read at, e.g. `"3"` (every response that carries one resource sends its ETag; the `version` field of a list item gives the same value). `*` matches any current version. Optional: when sent, a resource changed since gets 412. A version that is no longer current gets 412 with the current ETag. Weak tags (`W/"3"`) never match. */
                "if-match"?: string;
            };
            path: {
                /** @description The destination: `pd_` and 19 letters and digits */
                destinationId: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the site stays */
        requestBody: {
            content: {
                "application/json": components["schemas"]["DestinationPatch"];
            };
        };
        responses: {
            /** @description The destination after the change */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destination"];
                };
            };
            /** @description The request has a missing or invalid value; the message names the field */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_json";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (code idempotency_key_reused), or the request names a pet that does not exist (code pet_not_found) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "host_not_allowed",
                     *       "message": "host ftp.example.com resolves to a private address; uploads go to public addresses only",
                     *       "status": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "host_not_allowed";
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    petCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    petUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    petDeletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderPlacedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderApprovedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderDeliveredWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderCancelledWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    searchMatchedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTestWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.
                 * @example evt_0mwqcvpc00001Ab3dE9
                 */
                "webhook-id": string;
                /**
                 * @description When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.
                 * @example 1795953600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, base64-decoded); two during a secret rotation. Accept the delivery when one matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    /** @constant */
                    type: "webhook.test";
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        /** @description The endpoint tested */
                        endpointId: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then the delivery is exhausted. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
