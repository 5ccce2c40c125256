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

/** Text no field may carry: a NUL (PostgreSQL cannot store it) and, in JSON, a lone surrogate (not a character). */
const FORBIDDEN_TEXT = [
  { label: 'NUL', text: 'a\u0000b', where: ['query', 'body'] },
  { label: 'lone surrogate', text: 'a\ud800b', where: ['body'] },
] as const;

/**
 * Variants of a valid example with one text field (a string, at any depth) carrying forbidden text; the input text
 * rule must refuse each with a 400, whatever the field's own schema says.
 */
export const forbiddenTextVariants = (example: Record<string, unknown>, where: 'query' | 'body'): BadInput[] => {
  const out: BadInput[] = [];
  const visit = (node: unknown, replace: (value: unknown) => Record<string, unknown>, path: string) => {
    if (typeof node === 'string') {
      for (const { label, text, where: places } of FORBIDDEN_TEXT) {
        if ((places as readonly string[]).includes(where))
          out.push({ label: `${path}=${label}`, value: replace(text) });
      }
    } else if (Array.isArray(node)) {
      node.forEach((child, i) => {
        visit(child, (v) => replace(node.map((c, j) => (i === j ? v : c))), `${path}.${i}`);
      });
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        visit(child, (v) => replace({ ...(node as Record<string, unknown>), [key]: v }), path ? `${path}.${key}` : key);
      }
    }
  };
  visit(example, (v) => v as Record<string, unknown>, '');
  return out;
};
