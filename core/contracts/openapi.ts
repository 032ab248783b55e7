// The OpenAPI 3.1 document of the API, generated from the contracts (core/contracts): the schemas are
// the routes' own zod schemas as JSON Schema 2020-12 (zod's toJSONSchema), so the document cannot
// disagree with what the routes accept and answer. Served at /api/openapi.json, read by /api/docs.
import { z } from 'zod';
import { PRODUCT_NAME } from '../site.ts';
import { CONTRACTS } from './index.ts';
import { API_BASES, type RouteContract } from './route.ts';

type JsonSchema = Record<string, unknown>;

/** One operation as the reference page lists it. */
export interface ApiOperation {
  id: string;
  area: string;
  method: string;
  /** OpenAPI style: `/api/v1/watchlists/{id}`. */
  path: string;
  multipart: boolean;
}

/** A schema as JSON Schema 2020-12, OpenAPI 3.1's dialect (stated once by the document, not per schema). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return json;
}
const inputSchema = (schema: z.ZodType) => jsonSchema(schema, 'input');
const outputSchema = (schema: z.ZodType) => jsonSchema(schema, 'output');

/** Each property of an object schema as an OpenAPI parameter of the place given. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = inputSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const openApiPath = (contract: Pick<RouteContract, 'api' | 'path'>) =>
  `${API_BASES[contract.api]}${contract.path.replace(/:(\w+)/g, '{$1}')}`;

/** Every operation of the contracts, in the order of CONTRACTS. */
export function apiOperations(): ApiOperation[] {
  return Object.entries(CONTRACTS).flatMap(([area, routes]) =>
    Object.entries(routes).map(([name, contract]) => ({
      id: `${area}.${name}`,
      area,
      method: contract.method,
      path: openApiPath(contract),
      multipart: 'multipart' in contract && contract.multipart === true,
    })),
  );
}

function responses(contract: RouteContract) {
  return Object.fromEntries(
    Object.entries(contract.schema.response).map(([status, schema]) => {
      const code = status === '4xx' || status === '5xx' ? status.toUpperCase() : status;
      if (status === '204') return [code, { description: 'No content' }];
      const json = outputSchema(schema);
      const media = status === '200' && json.type === 'string' ? 'text/csv' : 'application/json';
      const description = code.endsWith('XX') ? 'Refused or failed: { detail, code }' : 'Success';
      return [code, { description, content: { [media]: { schema: json } } }];
    }),
  );
}

function operation(id: string, area: string, contract: RouteContract & { multipart?: boolean }) {
  const { params, querystring, body } = contract.schema;
  const requestBody = contract.multipart
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
              required: ['file'],
            },
          },
        },
      }
    : body
      ? { required: true, content: { 'application/json': { schema: inputSchema(body) } } }
      : undefined;
  return {
    operationId: id,
    tags: [area],
    parameters: [...parameters(params, 'path'), ...parameters(querystring, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses: responses(contract),
    // A route that needs a caller says so with 401; the others take no credential.
    security: [{ bearer: [] }, {}],
  };
}

/** The OpenAPI 3.1 document of every contract. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [area, routes] of Object.entries(CONTRACTS)) {
    for (const [name, contract] of Object.entries(routes)) {
      const path = openApiPath(contract);
      paths[path] ??= {};
      paths[path][contract.method.toLowerCase()] = operation(
        `${area}.${name}`,
        area,
        contract as RouteContract,
      );
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1',
      description:
        'Carrier data from FMCSA records, watchlists and lookups. Watcher routes take a session or an API key as Authorization: Bearer <key>; errors are { detail, code }.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key made on the account page (cpk_...), or a session token.',
        },
      },
    },
    paths,
  };
}
