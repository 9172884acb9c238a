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
        /**
         * The caller's plan and remaining quota, without spending any (headers only)
         * @description Where the API key stands in each window of its plan, as the rate-limit headers would say after a request, but computed without counting one: calling this operation spends no quota. The response carries the usual rate-limit headers.
         */
        head: operations["getRateLimitHead"];
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
        /**
         * The calling key's requests, per hour or per day, without spending quota (headers only)
         * @description What your API key used: per bucket, requests admitted, refused (limited, banned), and among the admitted those answered 4xx and 5xx, with a count per operation. Only the calling key's usage is shown, and calling this operation spends no quota (any key may call it, whatever its scopes); its rate-limit headers say where the key stands, as for `GET /rate_limit`. Counts reach the report within 10 seconds. `from` and `to` select the range (by default the last 24 hours, or 30 days); a range reaching back further than the granularity is kept, or covering more than 1000 buckets, is refused with 400.
         */
        head: operations["getUsageHead"];
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
         * List animals, optionally filtered by availability
         * @description Pets come in ascending id order. When more exist, the response carries a `Link: <...>; rel="next"` header whose URL (with an opaque `cursor`) fetches the next page.
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
        /**
         * List animals, optionally filtered by availability (headers only)
         * @description Pets come in ascending id order. When more exist, the response carries a `Link: <...>; rel="next"` header whose URL (with an opaque `cursor`) fetches the next page.
         */
        head: operations["listPetsHead"];
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
         * Fetch one animal by id (deprecated: use GET /pets with a status filter)
         * @deprecated
         * @description Deprecated; removed on 2030-12-05T00:00:00.000Z. Responses carry Deprecation, Sunset and Link headers. From the sunset on, every call answers 410 `gone` (still counted against the key's limits); so does every call inside an announced brownout before it. Use `GET /pets?status=` instead.
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Fetch one animal by id (deprecated: use GET /pets with a status filter) (headers only)
         * @deprecated
         * @description Deprecated; removed on 2030-12-05T00:00:00.000Z. Responses carry Deprecation, Sunset and Link headers. From the sunset on, every call answers 410 `gone` (still counted against the key's limits); so does every call inside an announced brownout before it. Use `GET /pets?status=` instead.
         */
        head: operations["getPetHead"];
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
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
            code: "invalid_request" | "invalid_json" | "unauthorized" | "forbidden" | "not_found" | "route_not_found" | "method_not_allowed" | "request_timeout" | "precondition_failed" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "range_not_satisfiable" | "idempotency_key_in_flight" | "gone" | "key_not_active" | "idempotency_key_reused" | "rate_limited" | "key_banned" | "header_fields_too_large" | "service_unavailable" | "internal_error";
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
                /** @description Requests to listPets */
                listPets?: number;
                /** @description Requests to createPet */
                createPet?: number;
                /** @description Requests to getPet */
                getPet?: number;
                /** @description Requests to getRateLimit */
                getRateLimit?: number;
                /** @description Requests to getUsage */
                getUsage?: number;
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
        /**
         * Pet
         * @description An animal, as stored
         * @example {
         *       "id": 42,
         *       "name": "Rex",
         *       "categoryId": 1,
         *       "status": "available"
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
            /** @description Availability of the animal */
            status: components["schemas"]["PetStatus"];
        };
        /**
         * Pets
         * @description A page of animals in ascending id order
         */
        Pets: components["schemas"]["Pet"][];
        /**
         * NewPet
         * @description An animal to add. Unknown fields are refused.
         */
        NewPet: {
            /** @description The animal's name: 1 to 100 characters with at least one visible one (a letter, digit, punctuation mark or symbol). The pattern matches one visible character; it uses \uXXXX escapes only, so it means the same with or without a regex engine's Unicode flag. Stored exactly as sent. */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to. An int64 limited to 1..9007199254740991 (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded.
             */
            categoryId: number;
            /** @description Availability of the animal; defaults to available */
            status?: components["schemas"]["PetStatus"];
        };
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
        /** @description Rate limit exceeded (code rate_limited) or client temporarily blocked (code key_banned) */
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
                    code?: "rate_limited" | "key_banned";
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
        /** @description The query has a field this operation does not take; the message names it (headers only: the answer to HEAD) */
        BadRequestHead: {
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
            content?: never;
        };
        /** @description The API key is missing, malformed, unknown, revoked or expired (headers only: the answer to HEAD) */
        UnauthorizedHead: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The API key does not have the scope this operation needs (code forbidden); the request still counted against its limits (headers only: the answer to HEAD) */
        ForbiddenHead: {
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
        /** @description Rate limit exceeded (code rate_limited) or client temporarily blocked (code key_banned) (headers only: the answer to HEAD) */
        TooManyRequestsHead: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Unexpected error; the message carries the request id (headers only: the answer to HEAD) */
        InternalErrorHead: {
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
            content?: never;
        };
        /** @description A backing service is unavailable (headers only: the answer to HEAD) */
        ServiceUnavailableHead: {
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
            content?: never;
        };
        /** @description A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight); retry after Retry-After seconds */
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
                 *       "message": "The request body is larger than the 16384 bytes allowed",
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
        /** @description The Idempotency-Key was already used with a different body (code idempotency_key_reused) */
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
        /** @description The animal does not exist */
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
        /** @description The request URL, or one of its path segments, is too long (code uri_too_long) */
        UriTooLong: {
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
                 *       "code": "uri_too_long",
                 *       "message": "See the message",
                 *       "status": 414
                 *     }
                 */
                "application/json": components["schemas"]["Error"] & {
                    /** @enum {string} */
                    code?: "uri_too_long";
                };
            };
        };
        /** @description The animal does not exist (headers only: the answer to HEAD) */
        NotFoundHead: {
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
        /** @description The operation is gone: past its Sunset date, or inside an announced brownout before it (code gone). Use the replacement the message and the Link header name; do not retry. (headers only: the answer to HEAD) */
        GoneHead: {
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
            content?: never;
        };
        /** @description The request URL, or one of its path segments, is too long (code uri_too_long) (headers only: the answer to HEAD) */
        UriTooLongHead: {
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
    getRateLimitHead: {
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
                content?: never;
            };
            400: components["responses"]["BadRequestHead"];
            401: components["responses"]["UnauthorizedHead"];
            403: components["responses"]["ForbiddenHead"];
            429: components["responses"]["TooManyRequestsHead"];
            500: components["responses"]["InternalErrorHead"];
            503: components["responses"]["ServiceUnavailableHead"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUsageHead: {
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
                content?: never;
            };
            400: components["responses"]["BadRequestHead"];
            401: components["responses"]["UnauthorizedHead"];
            429: components["responses"]["TooManyRequestsHead"];
            500: components["responses"]["InternalErrorHead"];
            503: components["responses"]["ServiceUnavailableHead"];
        };
    };
    listPets: {
        parameters: {
            query?: {
                /** @description Maximum number of animals returned */
                limit?: number;
                /** @description Filters by availability */
                status?: components["schemas"]["PetStatus"];
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same limit and status) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of animals */
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
                    "application/json": components["schemas"]["Pets"];
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
                /** @description Makes the create safe to retry: a repeat with the same key and body (from this API key, within the retention time) returns the first result with `Idempotent-Replayed: true` instead of adding another animal. 1 to 255 visible ASCII characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description An animal to add. Unknown fields are refused. */
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
                     *       "status": "available"
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
    listPetsHead: {
        parameters: {
            query?: {
                /** @description Maximum number of animals returned */
                limit?: number;
                /** @description Filters by availability */
                status?: components["schemas"]["PetStatus"];
                /** @description Opaque position after which the page starts: the `cursor` value of the previous page's `Link: <...>; rel="next"` URL, passed back as is (with the same limit and status) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of animals */
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
                content?: never;
            };
            401: components["responses"]["UnauthorizedHead"];
            403: components["responses"]["ForbiddenHead"];
            429: components["responses"]["TooManyRequestsHead"];
            500: components["responses"]["InternalErrorHead"];
            503: components["responses"]["ServiceUnavailableHead"];
        };
    };
    getPet: {
        parameters: {
            query?: never;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 42,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available"
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
            410: components["responses"]["Gone"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPetHead: {
        parameters: {
            query?: never;
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
                content?: never;
            };
            401: components["responses"]["UnauthorizedHead"];
            403: components["responses"]["ForbiddenHead"];
            404: components["responses"]["NotFoundHead"];
            410: components["responses"]["GoneHead"];
            414: components["responses"]["UriTooLongHead"];
            429: components["responses"]["TooManyRequestsHead"];
            500: components["responses"]["InternalErrorHead"];
            503: components["responses"]["ServiceUnavailableHead"];
        };
    };
}
