import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { callCodes, fullPath, type CallDeclaration } from '../contract/call.ts';
import { ALL_CALLS } from '../contract/calls/index.ts';
import { FIELD_RULES } from '../contract/errors.ts';
import { SESSION_COOKIE } from './domain/sessions.ts';

/**
 * The OpenAPI 3.1 document of every declared call (contract/calls), made from the same valibot
 * schemas the server validates with. Served at /api/openapi.json in development; a test keeps
 * docs/openapi.json equal to it.
 */

type Json = Record<string, unknown>;

// Transformations (trim, lower case) and custom checks have no JSON Schema form; the document
// shows the shape and the limits that do.
const conversion: ConversionConfig = { target: 'draft-2020-12', errorMode: 'ignore', typeMode: 'input' };

function jsonSchema(schema: v.GenericSchema): Json {
  const { $schema: _drop, ...rest } = toJsonSchema(schema, conversion) as Json;
  return rest;
}

function errorSchema(codes: string[]): Json {
  return {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { enum: codes },
          message: { type: 'string' },
          holdUntil: { type: 'string', format: 'date-time' },
          fields: {
            type: 'array',
            items: { type: 'object', required: ['field', 'rule'], properties: { field: { type: 'string' }, rule: { enum: [...FIELD_RULES] } } },
          },
        },
      },
    },
  };
}

function operation(call: CallDeclaration): Json {
  const responses: Json = {
    200: call.file
      ? { description: 'The file', content: { [call.file]: { schema: { type: 'string' } } } }
      : {
          description: 'Success',
          content: { 'application/json': { schema: { type: 'object', required: ['data'], properties: { data: jsonSchema(call.response) } } } },
        },
  };
  const byStatus = new Map<number, string[]>();
  for (const { code, status } of callCodes(call)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = { description: codes.join(', '), content: { 'application/json': { schema: errorSchema(codes) } } };
  }

  const op: Json = { operationId: call.name, summary: call.summary, responses };
  if (call.session) op.security = [{ session: [] }];
  // The largest body read (docs/decisions/request-bounds.md); GET bodies are never read.
  if (call.method !== 'get') op['x-max-body-bytes'] = call.bodyLimit.bytes;
  const request = call.input === 'none' ? null : jsonSchema(call.request);
  if (request && call.input === 'json') {
    op.requestBody = { required: true, content: { 'application/json': { schema: request } } };
  } else if (request) {
    const properties = (request.properties ?? {}) as Record<string, Json>;
    const required = new Set((request.required ?? []) as string[]);
    op.parameters = Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
  }
  return op;
}

export function openApiDocument(calls: readonly CallDeclaration[] = ALL_CALLS): Json {
  const paths: Record<string, Json> = {};
  for (const call of calls) {
    const path = (paths[fullPath(call)] ??= {});
    path[call.method] = operation(call);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Account portal API',
      version: '1',
      description: 'Every call of the portal, generated from contract/calls. Conventions (envelope, cookies, cross-site rules): docs/api.md.',
    },
    paths,
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
  };
}
