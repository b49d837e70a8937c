import { Hono } from 'hono';
import { openApiDocument } from '../openapi.ts';

/** GET /api/openapi.json, in development only: the OpenAPI 3.1 document of every declared call. */
export function openApiRoute(): Hono {
  let document: object | undefined;
  return new Hono().get('/', (c) => c.json((document ??= openApiDocument())));
}
