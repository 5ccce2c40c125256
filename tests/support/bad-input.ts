import type { z } from '@zyk/shared';

/** Values that break most field rules: wrong types, out of range, oversize, injection strings, junk. */
const QUERY_CANDIDATES = [
  '',
  'abc',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999',
  "1' OR '1'='1",
  '<script>alert(1)</script>',
  'x'.repeat(5000),
];
const BODY_CANDIDATES: unknown[] = [
  null,
  'abc',
  -1,
  1.5,
  1e300,
  true,
  [],
  {},
  "1' OR '1'='1",
  'x'.repeat(100_000),
  { $ne: null },
];

export interface BadInput {
  label: string;
  value: Record<string, unknown>;
}

/**
 * Variants of a valid example that the route's own schema rejects: one field removed, or one field replaced by a
 * candidate value. Derived from the schema, so every route's validation is exercised without hand-written cases.
 */
export const badVariants = (
  schema: z.ZodType,
  example: Record<string, unknown>,
  where: 'query' | 'body',
): BadInput[] => {
  const out: BadInput[] = [];
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const keys = new Set([...Object.keys(example), ...Object.keys(shape)]);
  const candidates = where === 'query' ? QUERY_CANDIDATES : BODY_CANDIDATES;
  for (const key of keys) {
    const { [key]: _dropped, ...without } = example;
    if (!schema.safeParse(without).success) out.push({ label: `without ${key}`, value: without });
    for (const candidate of candidates) {
      const value = { ...example, [key]: candidate };
      if (!schema.safeParse(value).success) {
        const shown =
          typeof candidate === 'string' && candidate.length > 20
            ? `${candidate.length} chars`
            : JSON.stringify(candidate);
        out.push({ label: `${key}=${shown}`, value });
      }
    }
  }
  return out;
};

export const toQueryString = (value: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) params.append(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
};
