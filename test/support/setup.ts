import 'reflect-metadata';
import { afterAll } from 'vitest';
import { conformance } from './document-conformance.js';

// How many responses this file's apps sent that were checked against the served OpenAPI document.
afterAll(() => {
  if (conformance.checked > 0) console.info(`[conformance] ${conformance.checked} responses checked against the served OpenAPI document`);
});
