// Regenerates src/schema.ts from the document the API serves, built from the root project's
// compiled output (run `npm run build` at the root first) with the default configuration.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { createApp } from '../../../dist/config/create-app.js';
import { loadConfig } from '../../../dist/config/env.js';
import { typesFor } from './types-for.mjs';

const app = await createApp(loadConfig({ LOG_LEVEL: 'silent' }));
const document = (await app.http.inject({ url: '/v1/openapi.json' })).json();
await app.http.close();
const target = new URL('../src/schema.ts', import.meta.url);
writeFileSync(target, await typesFor(document));
console.log(`wrote ${target.pathname}`);
