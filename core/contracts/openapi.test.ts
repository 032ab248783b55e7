import { describe, expect, it } from 'vitest';
import { CONTRACTS } from './index.ts';
import { apiOperations, openApiDocument } from './openapi.ts';

describe('the OpenAPI document', () => {
  const document = openApiDocument('https://carrierpage.example');

  it('holds every contract once, with its method and path', () => {
    const count = Object.values(CONTRACTS).reduce((sum, routes) => sum + Object.keys(routes).length, 0);
    expect(apiOperations()).toHaveLength(count);
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(count);
    expect(document.openapi).toBe('3.1.0');
  });

  it('states inputs and answers from the zod schemas', () => {
    const lookup = document.paths['/api/v1/lookup']?.post as {
      requestBody: {
        content: { 'application/json': { schema: { properties: { numbers: { maxItems: number } } } } };
      };
      responses: Record<string, unknown>;
    };
    expect(lookup.requestBody.content['application/json'].schema.properties.numbers.maxItems).toBe(500);
    expect(Object.keys(lookup.responses)).toEqual(['200', '4XX', '5XX']);
    const page = document.paths['/api/v1/watchlists/{id}']?.get as {
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(page.parameters.map((parameter) => [parameter.name, parameter.in, parameter.required])).toEqual([
      ['id', 'path', true],
      ['sort', 'query', false],
      ['order', 'query', false],
      ['page', 'query', false],
      ['page_size', 'query', false],
      ['q', 'query', false],
      ['verdict', 'query', false],
      ['insurance', 'query', false],
      ['signals', 'query', false],
      ['changed_since', 'query', false],
    ]);
    const upload = document.paths['/api/v1/watchlists/{id}/carriers/csv']?.post as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
  });
});
