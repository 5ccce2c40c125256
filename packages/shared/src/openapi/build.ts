import { envelope, errorEnvelope } from '../envelope.ts';
import { ERRORS } from '../errors.ts';
import { PERMISSIONS } from '../permissions.ts';
import { type RouteDef, routes } from '../routes/index.ts';
import { z } from '../zod.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** OpenAPI path template: Fastify's `:id` becomes `{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const queryParameters = (query: z.ZodType) => {
  const schema = toSchema(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: s,
  }));
};

/** `:id` segments of a Fastify path as required OpenAPI path parameters. */
const pathParameters = (path: string) =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1]!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

const operation = (name: string, def: RouteDef) => {
  const success = def.raw ? def.response : envelope(def.response);
  const errorContent = { 'application/json': { schema: toSchema(errorEnvelope, 'output') } };
  const errorStatuses = new Set<number>([400, 429, 500]);
  if (def.access !== 'public') errorStatuses.add(401);
  if (def.access === 'admin') errorStatuses.add(403);
  return {
    operationId: name,
    summary: def.summary,
    ...(def.access === 'admin'
      ? {
          description: def.permission
            ? `管理接口，需要权限 \`${def.permission}\`（${PERMISSIONS[def.permission]}）。`
            : '管理接口，需要任一管理权限。',
          'x-permission': def.permission ?? null,
        }
      : {}),
    tags: [def.tag],
    ...(def.access !== 'public' ? { security: [{ session: [] }] } : {}),
    ...(def.query || pathParameters(def.path).length
      ? { parameters: [...pathParameters(def.path), ...(def.query ? queryParameters(def.query) : [])] }
      : {}),
    ...(def.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(def.body, 'input') } } } }
      : {}),
    ...(def.upload
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: [def.upload.field],
                  properties: {
                    [def.upload.field]: { type: 'string', format: 'binary', description: def.upload.description },
                  },
                },
              },
            },
          },
        }
      : {}),
    responses: {
      200: { description: '成功', content: { 'application/json': { schema: toSchema(success, 'output') } } },
      ...Object.fromEntries(
        [...errorStatuses].sort().map((status) => [status, { description: statusText(status), content: errorContent }]),
      ),
    },
  };
};

const statusText = (status: number) => Object.values(ERRORS).find((e) => e.status === status)?.msg ?? '错误';

/** The OpenAPI 3.1 document, generated from the route table alone (no running app needed). */
export const buildOpenApi = () => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of Object.entries(routes) as [string, RouteDef][]) {
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      const key = openApiPath(path);
      paths[key] = { ...paths[key], [def.method.toLowerCase()]: operation(name, def) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '资源库 API',
      version: '1.0.0',
      description:
        '教师资源共享平台接口。成功与失败都以信封 `{ code, success, msg, data }` 返回：code 为 0 表示成功；失败时 msg 为中文说明。金额单位为分。',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'zyk_session' } },
    },
    paths,
  };
};
