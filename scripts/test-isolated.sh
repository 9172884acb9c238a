#!/usr/bin/env bash
# The suites that send webhooks, run again inside a network namespace that holds only loopback
# (unshare -n): whatever the code under test tries, no packet can leave this machine. Servers the
# suites need start inside it as local processes (no container: its ports would be outside).
# Needs root (or user namespaces); says so and fails otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
FILES=(test/http/webhooks/webhook-deliveries.test.ts test/http/webhooks/webhook-endpoints.test.ts test/integration/webhooks/webhook-delivery-durability.test.ts test/unit/application/webhooks/webhook-dispatcher.test.ts)
if ! unshare -n true 2>/dev/null; then
  echo "test:isolated needs a network namespace (unshare -n): run it as root, or where user namespaces are allowed" >&2
  exit 1
fi
exec unshare -n -- sh -c '
  ip link set lo up
  links=$(ip -o link | wc -l)
  if [ "$links" != 1 ]; then echo "the namespace holds $links interfaces, not loopback alone" >&2; exit 1; fi
  echo "== in a network namespace holding only loopback: $(ip -o addr | awk "{print \$4}" | tr "\n" " ")"
  DOCKER_HOST=unix:///nonexistent/docker.sock exec npx vitest run "$@"
' isolated "${FILES[@]}" "$@"
