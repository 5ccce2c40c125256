import { readFileSync } from 'node:fs';
import { buildOpenApi, type RouteDef, routes } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { openApiFile, renderOpenApi } from '../../packages/shared/src/openapi/file.ts';

describe('OpenAPI document', () => {
  it('committed openapi.json is up to date with the route table (run `pnpm openapi` to refresh)', () => {
    expect(readFileSync(openApiFile, 'utf8')).toBe(renderOpenApi());
  });

  it('documents every route of the table under its path and method', () => {
    const doc = buildOpenApi();
    for (const [name, def] of Object.entries(routes)) {
      for (const path of [def.path, ...(def.aliases ?? [])]) {
        const key = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'); // OpenAPI spells Fastify's `:id` as `{id}`
        const op = (doc.paths[key] as Record<string, { operationId: string }> | undefined)?.[def.method.toLowerCase()];
        expect(op?.operationId, `${def.method} ${path}`).toBe(name);
      }
    }
  });

  it('every route example satisfies its own schemas', () => {
    for (const [name, def] of Object.entries(routes) as [string, RouteDef][]) {
      const example = (def as { example?: { query?: unknown; body?: unknown } }).example;
      if (example?.query !== undefined) expect(def.query?.safeParse(example.query).success, name).toBe(true);
      if (example?.body !== undefined) expect(def.body?.safeParse(example.body).success, name).toBe(true);
    }
  });
});
