import type { RouteDef, z } from '@zyk/shared';
import fc from 'fast-check';
import { badVariants, forbiddenTextVariants } from './bad-input.ts';

/**
 * Malformed requests generated from one route of the route table, for the fuzz test. A case is raw HTTP (query
 * text, content type, body bytes) so it can carry what the typed client never would: duplicated keys, lone
 * surrogates, broken JSON, wrong content types, broken multipart.
 */
export interface FuzzCase {
  label: string;
  /** Path with its parameters filled in (already encoded). */
  path: string;
  /** Query text without the leading `?` (already encoded). */
  query: string;
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/** A piece of JSON text put verbatim where a value goes (numbers JS cannot hold, deep nesting, duplicate keys). */
class RawJson {
  constructor(readonly text: string) {}
}
/** A piece of query text put verbatim (bad percent escapes, invalid UTF-8), never encoded again. */
class RawQuery {
  constructor(readonly text: string) {}
}

// ---------------------------------------------------------------------------------------------------------------
// Field names from zod 4 schemas.

type AnyDef = { type: string; innerType?: z.ZodType; in?: z.ZodType; getter?: () => z.ZodType; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: AnyDef } })._zod.def;

/** The schema under optional/default/nullable/pipe wrappers: the one whose shape says which fields exist. */
export const unwrapSchema = (schema: z.ZodType): z.ZodType => {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    const next = def.type === 'pipe' ? def.in : def.type === 'lazy' ? def.getter?.() : (def.innerType ?? undefined);
    if (!next) return current;
    current = next;
  }
  return current;
};

/**
 * Every field path of a schema and of its example: top-level keys, nested object keys (`verifyImageResult.wbili`)
 * and the first element of arrays (`chapters.0.title`), so each field can be broken on its own.
 */
export const fieldPaths = (schema: z.ZodType | undefined, example: unknown): string[][] => {
  const out = new Map<string, string[]>();
  const add = (path: string[]) => out.set(path.join('.'), path);
  const walkSchema = (s: z.ZodType, prefix: string[], depth: number) => {
    if (depth > 4) return;
    const inner = unwrapSchema(s);
    const def = defOf(inner);
    if (def.type === 'object') {
      for (const [key, child] of Object.entries((inner as unknown as { shape: Record<string, z.ZodType> }).shape)) {
        add([...prefix, key]);
        walkSchema(child, [...prefix, key], depth + 1);
      }
    } else if (def.type === 'array' && def.element) {
      walkSchema(def.element, [...prefix, '0'], depth + 1);
    }
  };
  const walkExample = (value: unknown, prefix: string[], depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (Array.isArray(value) && key !== '0') continue;
      add([...prefix, key]);
      walkExample(child, [...prefix, key], depth + 1);
    }
  };
  if (schema) walkSchema(schema, [], 0);
  walkExample(example, [], 0);
  return [...out.values()];
};

/** A deep copy of `value` with the field at `path` replaced (or removed when `replacement` is `REMOVE`). */
const REMOVE = Symbol('remove');
const setPath = (value: unknown, path: string[], replacement: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const base: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : value && typeof value === 'object'
      ? { ...(value as object) }
      : {};
  const current = (base as Record<string, unknown>)[head];
  const next = rest.length === 0 ? replacement : setPath(current, rest, replacement);
  if (next === REMOVE) delete (base as Record<string, unknown>)[head];
  else (base as Record<string, unknown>)[head] = next;
  return base;
};

// ---------------------------------------------------------------------------------------------------------------
// Values.

const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** Any UTF-16 code unit, so lone surrogates and control characters come up as often as letters. */
const codeUnitString = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength });

const describeValue = (v: unknown): string => {
  if (v instanceof RawJson || v instanceof RawQuery) {
    return v.text.length > 40 ? `raw ${v.text.slice(0, 12)}… (${v.text.length} chars)` : `raw ${v.text}`;
  }
  if (typeof v === 'string' && v.length > 40) return `${JSON.stringify(v.slice(0, 12))}… (${v.length} chars)`;
  if (Array.isArray(v) && v.length > 20) return `[array of ${v.length}]`;
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
};

/** Values no JSON field should turn into a 5xx: wrong types, extremes, forbidden text, huge and deep values. */
const BODY_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1e-400'),
  new RawJson('-0'),
  new RawJson('9007199254740993'),
  new RawJson('123456789012345678901234567890'),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  ' 1 ',
  '0001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-02-30T00:00:00+08:00',
  '9999-12-31T23:59:59.999-14:00',
  '',
  ' ',
  'abc',
  [],
  {},
  [1, 2, 3],
  ['a', null, {}],
  { a: 1 },
  'a\u0000b',
  '\u0000',
  '\u0001\u0007\u001b[31m\u007f',
  '\r\n\t',
  '\u2028\u2029\ufeff\u202e',
  'a\ud800b',
  '\udfff',
  '\ud800',
  'x'.repeat(100_000),
  '中'.repeat(40_000),
  new Array(10_000).fill(1),
  new RawJson(deepArrays(5000)),
  new RawJson(deepObjects(5000)),
  new RawJson('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}'),
  "1' OR '1'='1",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  `\${7*7}{{7*7}}`,
];

const bodyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...BODY_VALUES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: codeUnitString(40) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => new RawJson(n.toString())) },
);

const QUERY_VALUES: (string | RawQuery)[] = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999',
  '-9223372036854775809',
  // Past Postgres int4 and the exact doubles, yet integers to zod.
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0x1f',
  '0001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-02-30T00:00:00+08:00',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  ' 1 ',
  'a\u0000b',
  '\u0000',
  '\u0001\u001f\u007f',
  '\r\n',
  '\u2028\ufeff\u202e',
  // Lone surrogates cannot travel as UTF-8; these are their CESU-8 bytes and other invalid or overlong UTF-8.
  new RawQuery('a%ED%A0%80b'),
  new RawQuery('%C0%80'),
  new RawQuery('%FF%FE'),
  new RawQuery('%'),
  new RawQuery('%zz'),
  new RawQuery('%00'),
  "1' OR '1'='1",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'x'.repeat(5000),
  'x'.repeat(20_000),
  'x'.repeat(100_000),
  '中'.repeat(3000),
];

const queryValue: fc.Arbitrary<string | RawQuery> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...QUERY_VALUES) },
  { weight: 1, arbitrary: codeUnitString(30) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

// ---------------------------------------------------------------------------------------------------------------
// Encoding.

/** Like encodeURIComponent, but a lone surrogate becomes its CESU-8 bytes instead of throwing. */
const encodeQueryText = (s: string) =>
  s.replace(/[\s\S]/gu, (ch) => {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
      return `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    }
    return encodeURIComponent(ch);
  });
const encodeQueryPart = (v: unknown) =>
  v instanceof RawQuery ? v.text : encodeQueryText(typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

type QueryPairs = [string, unknown][];
const queryText = (pairs: QueryPairs) =>
  pairs
    .map(([k, v]) => (v === undefined ? encodeQueryText(k) : `${encodeQueryText(k)}=${encodeQueryPart(v)}`))
    .join('&');
const pairsOf = (query: Record<string, unknown> | undefined): QueryPairs =>
  Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, String(v)]);

/** JSON text of a value that may hold RawJson pieces; lone surrogates come out as `\ud800` escapes (ES2019). */
export const jsonText = (value: unknown): string => {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return typeof v === 'bigint' ? v.toString() : v;
  });
  if (text === undefined) return 'null';
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)] ?? 'null');
};

// ---------------------------------------------------------------------------------------------------------------
// Whole-body shapes that are not the route's JSON at all.

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const part = (name: string, filename: string | null, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`;

interface BodyShape {
  label: string;
  contentType?: string;
  body: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

const invalidUtf8 = Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d]); // {"a":"<bad>"}

/** Bodies broken as a whole: not JSON, the wrong content type, broken or hostile multipart. */
const brokenBodies = (exampleText: string): BodyShape[] => [
  { label: 'empty body, json content type', contentType: 'application/json', body: '' },
  { label: 'json "{"', contentType: 'application/json', body: '{' },
  {
    label: 'json truncated',
    contentType: 'application/json',
    body: exampleText.slice(0, Math.max(1, exampleText.length - 2)),
  },
  { label: 'json single quotes', contentType: 'application/json', body: "{'a':1}" },
  { label: 'json trailing comma', contentType: 'application/json', body: '[1,]' },
  { label: 'json NaN', contentType: 'application/json', body: 'NaN' },
  { label: 'json NUL byte', contentType: 'application/json', body: '\u0000' },
  { label: 'json with BOM', contentType: 'application/json', body: `\ufeff${exampleText}` },
  { label: 'json invalid UTF-8', contentType: 'application/json', body: invalidUtf8 },
  { label: 'json charset utf-16', contentType: 'application/json; charset=utf-16', body: exampleText },
  { label: 'json charset bogus', contentType: 'application/json; charset=x-bogus', body: exampleText },
  {
    label: 'json duplicate keys',
    contentType: 'application/json',
    body: exampleText.replace(/^\{/, '{"current":"x","current":1,'),
  },
  { label: 'json deep arrays', contentType: 'application/json', body: deepArrays(5000) },
  { label: 'json deep objects', contentType: 'application/json', body: deepObjects(5000) },
  { label: 'json over the body limit', contentType: 'application/json', body: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { label: 'text/plain with the example', contentType: 'text/plain', body: exampleText },
  {
    label: 'application/xml',
    contentType: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
  },
  { label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: 'current=1&size=10&a=%00' },
  { label: 'no content type', body: new TextEncoder().encode(exampleText) },
  { label: 'content type garbage', contentType: ';;;=/', body: exampleText },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', body: part('file', 'a.pdf', '%PDF-1.4') },
  {
    label: 'multipart wrong boundary',
    contentType: 'multipart/form-data; boundary=other',
    body: `${part('file', 'a.pdf', '%PDF-1.4')}--${BOUNDARY}--\r\n`,
  },
  {
    label: 'multipart unterminated',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: part('file', 'a.pdf', '%PDF-1.4 unterminated').slice(0, -2),
  },
  { label: 'multipart boundary only', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}` },
  { label: 'multipart empty', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
  {
    label: 'multipart 71-char boundary',
    contentType: `multipart/form-data; boundary=${'b'.repeat(71)}`,
    body: `--${'b'.repeat(71)}--\r\n`,
  },
];

/** Multipart bodies that are well formed but carry hostile parts (for upload routes). */
const multipartBodies = (field: string): BodyShape[] => {
  const mp = `multipart/form-data; boundary=${BOUNDARY}`;
  const end = `--${BOUNDARY}--\r\n`;
  return [
    { label: 'multipart no file part', contentType: mp, body: `${part('other', null, 'x')}${end}` },
    { label: 'multipart wrong field name', contentType: mp, body: `${part('notfile', 'a.pdf', '%PDF-1.4')}${end}` },
    { label: 'multipart empty file', contentType: mp, body: `${part(field, 'a.pdf', '')}${end}` },
    {
      label: 'multipart two files',
      contentType: mp,
      body: `${part(field, 'a.pdf', '%PDF-1.4')}${part(field, 'b.pdf', '%PDF-1.4')}${end}`,
    },
    { label: 'multipart NUL in file name', contentType: mp, body: `${part(field, 'a\u0000.pdf', '%PDF-1.4')}${end}` },
    {
      label: 'multipart control chars in file name',
      contentType: mp,
      body: `${part(field, '\u0007\u001b[31m\r.pdf', '%PDF-1.4')}${end}`,
    },
    {
      label: 'multipart path in file name',
      contentType: mp,
      body: `${part(field, '../../etc/passwd', 'root:x:0:0')}${end}`,
    },
    {
      label: 'multipart huge file name',
      contentType: mp,
      body: `${part(field, `${'名'.repeat(20_000)}.pdf`, '%PDF-1.4')}${end}`,
    },
    {
      label: 'multipart invalid UTF-8 file name',
      contentType: mp,
      body: Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a`),
        Buffer.from([0xed, 0xa0, 0x80, 0xff]),
        Buffer.from(`.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n${end}`),
      ]),
    },
    {
      label: 'multipart 1000 fields',
      contentType: mp,
      body: `${Array.from({ length: 1000 }, (_, i) => part(`f${i}`, null, 'x')).join('')}${end}`,
    },
    {
      label: 'multipart field then unterminated file',
      contentType: mp,
      body: `${part('title', null, 'x')}${part(field, 'a.pdf', '%PDF-1.4')}`.slice(0, -2),
    },
  ];
};

const CONTENT_RANGES = [
  'garbage',
  'bytes -1-5/3',
  'bytes 5-1/10',
  'bytes 0-0/99999999999999999999',
  'bytes 0-9/NaN',
  'bytes */*',
  '',
];

const PATH_PARAMS: string[] = [
  'aaaaaaaaaaaaaaaaaaaaaaaaaa',
  'abc',
  '-1',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%',
  '%zz',
  '..%2F..%2Fetc%2Fpasswd',
  '%E4%B8%AD',
  'x'.repeat(300),
  'x'.repeat(5000),
  encodeURIComponent("1' OR '1'='1"),
];

// ---------------------------------------------------------------------------------------------------------------
// The arbitrary of one route.

const fillPath = (path: string, param: string) => path.replace(/:[A-Za-z_]+/g, param);

/**
 * Malformed requests for one route: the route's example with one field broken (wrong type, extreme, forbidden text,
 * huge, deep, removed, duplicated) or an unknown one added; wholly random queries and bodies; bodies that are not
 * JSON or carry the wrong content type; hostile multipart for upload routes; the schema-derived bad variants the
 * conformance test uses.
 */
export const caseArbitrary = (def: RouteDef): fc.Arbitrary<FuzzCase> => {
  const example = def.example as { query?: Record<string, unknown>; body?: unknown } | undefined;
  const exampleQuery = pairsOf(example?.query);
  const exampleBody = example?.body;
  const exampleBodyText = exampleBody === undefined ? '{}' : jsonText(exampleBody);
  const hasPathParam = /:[A-Za-z_]/.test(def.path);
  const takesBody = def.method !== 'GET';
  const okPath = fillPath(def.path, 'aaaaaaaaaaaaaaaaaaaaaaaaaa');
  const jsonBody = takesBody && (def.body !== undefined || exampleBody !== undefined) ? exampleBodyText : undefined;

  const base = (label: string, extra: Partial<FuzzCase> = {}): FuzzCase => ({
    label,
    path: okPath,
    query: queryText(exampleQuery),
    ...(jsonBody === undefined ? {} : { contentType: 'application/json', body: jsonBody }),
    ...extra,
  });

  const queryKeys = fieldPaths(def.query, example?.query).map((p) => p[0] as string);
  const unknownKey = fc.constantFrom(
    'unknownField',
    '__proto__',
    'constructor',
    'id[]',
    'size[a]',
    'x'.repeat(2000),
    '',
  );
  const arbs: fc.Arbitrary<FuzzCase>[] = [];

  // Query: one field broken, removed or duplicated; unknown keys; wholly random pairs. Every route gets the
  // unknown and random ones, since a route without a query schema must ignore or refuse them, not crash.
  if (queryKeys.length > 0) {
    const key = fc.constantFrom(...queryKeys);
    arbs.push(
      fc.tuple(key, queryValue).map(([k, v]) =>
        base(`query ${k}=${describeValue(v)}`, {
          query: queryText([...exampleQuery.filter(([ek]) => ek !== k), [k, v]]),
        }),
      ),
      key.map((k) => base(`query without ${k}`, { query: queryText(exampleQuery.filter(([ek]) => ek !== k)) })),
      fc.tuple(key, queryValue).map(([k, v]) =>
        base(`query ${k} twice (example, ${describeValue(v)})`, {
          query: queryText([...exampleQuery, [k, v]]),
        }),
      ),
      key.map((k) =>
        base(`query ${k} without '='`, {
          query: queryText([...exampleQuery.filter(([ek]) => ek !== k), [k, undefined]]),
        }),
      ),
    );
    const variants = [
      ...(example?.query && def.query ? badVariants(def.query, example.query, 'query') : []),
      ...(example?.query ? forbiddenTextVariants(example.query, 'query') : []),
    ];
    if (variants.length > 0) {
      arbs.push(
        fc
          .constantFrom(...variants)
          .map((v) => base(`query variant ${v.label}`, { query: queryText(pairsOf(v.value)) })),
      );
    }
  }
  arbs.push(
    fc
      .tuple(unknownKey, queryValue)
      .map(([k, v]) =>
        base(`query unknown ${describeValue(k)}=${describeValue(v)}`, { query: queryText([...exampleQuery, [k, v]]) }),
      ),
    fc
      .array(
        fc.tuple(fc.oneof(fc.constantFrom(...(queryKeys.length ? queryKeys : ['id'])), codeUnitString(8)), queryValue),
        { maxLength: 6 },
      )
      .map((pairs) =>
        base(`random query ${describeValue(pairs.map(([k, v]) => [k, describeValue(v)]))}`, {
          query: queryText(pairs),
        }),
      ),
  );

  if (hasPathParam) {
    arbs.push(
      fc
        .oneof(fc.constantFrom(...PATH_PARAMS), codeUnitString(20).map(encodeQueryText))
        .map((p) => base(`path param ${describeValue(p)}`, { path: fillPath(def.path, p) })),
    );
  }

  if (takesBody) {
    const bodyFields = fieldPaths(def.body, exampleBody);
    if (bodyFields.length > 0) {
      const field = fc.constantFrom(...bodyFields);
      arbs.push(
        fc.tuple(field, bodyValue).map(([p, v]) =>
          base(`body ${p.join('.')}=${describeValue(v)}`, {
            contentType: 'application/json',
            body: jsonText(setPath(exampleBody ?? {}, p, v)),
          }),
        ),
        field.map((p) =>
          base(`body without ${p.join('.')}`, {
            contentType: 'application/json',
            body: jsonText(setPath(exampleBody ?? {}, p, REMOVE)),
          }),
        ),
        fc.tuple(field, bodyValue).map(([p, v]) => {
          // The key again after the example's fields, as JSON.parse keeps the last of duplicate keys.
          const text = jsonText(exampleBody ?? {});
          const dup = `,${JSON.stringify(p[0])}:${jsonText(v)}}`;
          return base(`body ${p[0]} duplicated as ${describeValue(v)}`, {
            contentType: 'application/json',
            body: text.endsWith('}') && text !== '{}' ? text.slice(0, -1) + dup : text,
          });
        }),
      );
    }
    const bodyVariants =
      def.body && exampleBody && typeof exampleBody === 'object'
        ? [
            ...badVariants(def.body, exampleBody as Record<string, unknown>, 'body'),
            ...forbiddenTextVariants(exampleBody as Record<string, unknown>, 'body'),
          ]
        : [];
    if (bodyVariants.length > 0) {
      arbs.push(
        fc
          .constantFrom(...bodyVariants)
          .map((v) => base(`body variant ${v.label}`, { contentType: 'application/json', body: jsonText(v.value) })),
      );
    }
    arbs.push(
      fc.tuple(unknownKey, bodyValue).map(([k, v]) =>
        base(`body unknown ${describeValue(k)}=${describeValue(v)}`, {
          contentType: 'application/json',
          body: jsonText(setPath(exampleBody && typeof exampleBody === 'object' ? exampleBody : {}, [k], v)),
        }),
      ),
      fc
        .oneof(bodyValue, fc.jsonValue({ maxDepth: 4 }), fc.anything({ maxDepth: 3, withNullPrototype: true }))
        .map((v) => base(`random body ${describeValue(v)}`, { contentType: 'application/json', body: jsonText(v) })),
      fc
        .constantFrom(...brokenBodies(exampleBodyText))
        .map((b) => base(`body ${b.label}`, { contentType: b.contentType, body: b.body, headers: b.headers })),
    );
    if (def.upload) {
      arbs.push(
        fc
          .tuple(
            fc.constantFrom(...multipartBodies(def.upload.field)),
            fc.option(fc.constantFrom(...CONTENT_RANGES), { nil: undefined }),
          )
          .map(([b, range]) =>
            base(`upload ${b.label}${range === undefined ? '' : `, Content-Range ${JSON.stringify(range)}`}`, {
              contentType: b.contentType,
              body: b.body,
              ...(range === undefined ? {} : { headers: { 'content-range': range } }),
            }),
          ),
      );
    }
  } else {
    // A GET cannot carry a body through fetch; a content type on it must still be harmless.
    arbs.push(
      fc
        .constantFrom('application/json', 'multipart/form-data', 'text/plain')
        .map((ct) => base(`GET with content-type ${ct}`, { contentType: ct })),
    );
  }

  return fc.oneof(...arbs);
};
