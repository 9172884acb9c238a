# The API image: compiled with dev dependencies, run with production dependencies only, as non-root.
#
# Base images are build arguments, official by default; `npm run images:local` builds stand-ins
# where no registry is reachable. Behind a TLS-inspecting proxy, hand the proxy's CA to the build as a
# secret; it is used by npm ci and left out of every layer:
#   docker build --secret id=extra_ca,src=/path/to/ca.pem -t animal-adoption-api .
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY clients/typescript/package.json ./clients/typescript/
RUN --mount=type=secret,id=extra_ca,required=false \
    if [ -s /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi; \
    npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/copy-assets.mjs ./scripts/
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE}
# The commit the image was built from, for the build_info metric: docker build --build-arg BUILD_COMMIT=$(git rev-parse HEAD)
ARG BUILD_COMMIT=unknown
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 BUILD_COMMIT=${BUILD_COMMIT}
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 (no shell, no npm), so SIGTERM reaches the server and in-flight requests finish.
# The flag is npm start's (a young generation of at most 2 x 16 MiB: docs/operations.md, "V8's young generation").
CMD ["node", "--max-semi-space-size=16", "dist/config/main.js"]
