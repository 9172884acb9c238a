#!/usr/bin/env bash
# Brings the compose stack up on the local images (docker-compose.local.yml), follows the README's
# first session through it (a key made with the key tool inside the container, a create, a list,
# the rate-limit headers), then the operator's: a key issued over the admin API from the host's
# loopback with the admin credential .env would give (ADMIN_TOKENS), the admin port bound to loopback
# only, and /metrics there. Takes the stack down with its volumes. Prints what it saw.
set -euo pipefail
cd "$(dirname "$0")/.."

if docker compose version >/dev/null 2>&1; then COMPOSE=(docker compose); else COMPOSE=(docker-compose); fi
PROJECT="${COMPOSE_PROJECT_NAME:-adoption-smoke}"
compose() { "${COMPOSE[@]}" -p "$PROJECT" -f docker-compose.yml -f docker-compose.local.yml "$@"; }
BASE="http://127.0.0.1:${SMOKE_PORT:-3000}"
ADMIN_BASE="http://127.0.0.1:3001"
# The operator's admin credential, as .env would give it to docker compose.
ADMIN_TOKEN="compose-smoke-admin-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
export ADMIN_TOKENS="smoke operator=$ADMIN_TOKEN"
echo "== compose: $("${COMPOSE[@]}" version 2>/dev/null | head -1)"

trap 'status=$?; [ $status -ne 0 ] && compose logs --no-color --tail 40 >&2 || true; compose down -v --remove-orphans >/dev/null 2>&1 || true; exit $status' EXIT

echo "== compose config (docker-compose.yml alone, then with the local override)"
"${COMPOSE[@]}" -f docker-compose.yml config -q
compose config -q
started=$(date +%s)
compose up -d --no-build
api="$(compose ps -q api)"
for _ in $(seq 1 90); do
  health="$(docker inspect --format '{{.State.Health.Status}}' "$api")"
  [ "$health" = healthy ] && break
  sleep 1
done
echo "== api container $health after $(( $(date +%s) - started )) s"
[ "$health" = healthy ]

created="$(compose exec -T api node dist/config/keys-cli.js create --plan pro --name "Shelter A")"
echo "$created" | sed -E 's/(adopt_stage_[A-Za-z0-9]{6})[A-Za-z0-9_]+/\1.../'
key="$(echo "$created" | grep -oE 'adopt_stage_[A-Za-z0-9_]+' | head -1)"

echo "== POST /v1/pets"
curl -sS -i -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d '{"name":"Rex","categoryId":1}' "$BASE/v1/pets" \
  | tee "$(mktemp)" | grep -iE '^(HTTP/|location|x-ratelimit-)|^\{' | tr -d '\r' > /tmp/compose-smoke-create.txt
cat /tmp/compose-smoke-create.txt
grep -q '^HTTP/1.1 201' /tmp/compose-smoke-create.txt

echo "== GET /v1/pets?limit=5"
curl -sS -i -H "Authorization: Bearer $key" "$BASE/v1/pets?limit=5" | grep -iE '^(HTTP/|x-ratelimit-)|^\[' | tr -d '\r' > /tmp/compose-smoke-list.txt
cat /tmp/compose-smoke-list.txt
grep -q '^HTTP/1.1 200' /tmp/compose-smoke-list.txt
grep -q '"name":"Rex"' /tmp/compose-smoke-list.txt
grep -qi '^x-ratelimit-limit: 300' /tmp/compose-smoke-list.txt

echo "== GET /readyz"
ready="$(curl -sS "$BASE/readyz")"
echo "$ready"
echo "$ready" | grep -q '"status":"ready"'
echo "== the admin API from the host: the port is bound to loopback only"
bound="$(docker port "$api" 3001/tcp)"
echo "$bound"
[ "$bound" = "127.0.0.1:3001" ]

echo "== POST /admin/v1/keys with the admin credential from ADMIN_TOKENS"
issued="$(curl -sS -i -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' \
  -d '{"name":"Shelter B","plan":"free"}' "$ADMIN_BASE/admin/v1/keys" | tr -d '\r')"
echo "$issued" | grep -E '^HTTP/' 
echo "$issued" | grep -q '^HTTP/1.1 201'
admin_key="$(echo "$issued" | grep -oE '"key":"adopt_stage_[A-Za-z0-9_]+"' | cut -d'"' -f4)"
echo "issued ${admin_key:0:18}..."
test "$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $admin_key" "$BASE/v1/pets")" = 200
echo "== GET /admin/v1/credentials names the configured credential"
# Each answer is read whole before it is searched: a reader that stops at its first match (grep -q,
# grep -m1) would close the pipe under curl, which then fails with "Failure writing output" (23).
credentials="$(curl -sS -H "Authorization: Bearer $ADMIN_TOKEN" "$ADMIN_BASE/admin/v1/credentials")"
echo "$credentials" > /tmp/compose-smoke-credentials.txt
grep -q '"name":"smoke operator"' /tmp/compose-smoke-credentials.txt
echo "== /metrics on the admin listener, not on the public one"
curl -sS -o /tmp/compose-smoke-metrics.txt "$ADMIN_BASE/metrics"
grep -m1 '^build_info' /tmp/compose-smoke-metrics.txt
test "$(curl -sS -o /dev/null -w '%{http_code}' "$BASE/metrics")" = 404

echo "== compose down -v"
