// A partner site's server for docs/examples/notify-me.html, with no dependency but Node.js (22 or
// later): it serves the page, saves each adopter's search with the site's own API key (scope
// searches:write), keeps the adopter's email to itself (the API sees only an opaque reference), and
// takes the API's signed search.matched webhooks, verified as Standard Webhooks says, to email the
// adopter (here: kept in `sent`). Run it: API=https://api.adoption.example/v1 KEY=... PUBLIC_URL=https://your.site node notify-me-server.mjs
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const PAGE = readFileSync(new URL('./notify-me.html', import.meta.url), 'utf8');
/** How old a webhook's timestamp may be, in seconds (Standard Webhooks' tolerance). */
const TOLERANCE_S = 300;

/** Starts the site on `port` of 127.0.0.1; `publicUrl` is where the API reaches its webhook path. */
export async function startPartnerSite({ api, key, port = 0, publicUrl }) {
  const adopters = new Map(); // reference -> email
  const sent = []; // the emails the site would send: { to, pet }
  const call = async (method, path, body) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const json = (status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'GET' && request.url === '/') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (request.method === 'POST' && request.url === '/notify-me') {
      const { email, search } = JSON.parse(text);
      const reference = `adopter_${randomUUID()}`;
      const saved = await call('POST', '/saved-searches', { label: `Notify ${search.species.join(', ')} near ${search.near}`, reference, search });
      if (saved.status !== 201) return json(saved.status, { message: saved.body.message });
      adopters.set(reference, email);
      return json(201, { email, savedSearch: saved.body.id });
    }
    if (request.method === 'POST' && request.url === '/webhooks/alerts') {
      if (!verified(site.secret, request.headers, text)) return json(401, { message: 'bad signature' });
      const event = JSON.parse(text);
      const to = adopters.get(event.data.savedSearch?.reference);
      // Each alert once: the webhook-id is the alert's id, the same on every retry.
      if (event.type === 'search.matched' && to && !sent.some((mail) => mail.id === event.id)) sent.push({ id: event.id, to, pet: event.data.object.name });
      return json(200, { ok: true });
    }
    return json(404, { message: 'not found' });
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${server.address().port}`;
  // One endpoint for the site's alerts; its signing secret is shown only in this answer.
  const endpoint = await call('POST', '/webhook-endpoints', { url: `${publicUrl ?? origin}/webhooks/alerts`, enabledEvents: ['search.matched'] });
  if (endpoint.status !== 201) throw new Error(`the webhook endpoint was refused: ${endpoint.body.message}`);
  const site = { origin, sent, secret: endpoint.body.secret, close: () => new Promise((done) => server.close(done)) };
  return site;
}

/** Standard Webhooks: base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes, within the tolerance. */
function verified(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  if (!id || !Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_S) return false;
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((signature) => {
      const given = Buffer.from(signature.replace(/^v1,/, ''), 'base64');
      return signature.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = await startPartnerSite({ api: process.env.API, key: process.env.KEY, port: Number(process.env.PORT ?? 8080), publicUrl: process.env.PUBLIC_URL });
  console.log(`notify-me site on ${site.origin}`);
}
