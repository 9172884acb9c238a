// The client's types from the API's OpenAPI document, as openapi-typescript writes them. Shared by
// `npm run generate` and the drift test, so the two cannot disagree about the output.
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = '// Generated from GET /v1/openapi.json by openapi-typescript (npm run generate -w clients/typescript). Do not edit.\n';

export async function typesFor(document) {
  return HEADER + astToString(await openapiTS(document, { exportType: false, alphabetize: false }));
}
