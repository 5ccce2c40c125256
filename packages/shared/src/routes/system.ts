import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

export const healthz = defineRoute({
  method: 'GET',
  path: '/healthz',
  summary: '存活探针：进程在运行即返回 ok',
  tag: '系统',
  access: 'public',
  raw: true,
  response: z.object({ status: z.literal('ok') }),
});

export const readyz = defineRoute({
  method: 'GET',
  path: '/readyz',
  summary: '就绪探针：数据库（及存储）可用时返回 ok，否则 503',
  tag: '系统',
  access: 'public',
  raw: true,
  response: z.object({
    status: z.enum(['ok', 'unavailable']),
    checks: z.record(z.string(), z.enum(['ok', 'fail'])),
  }),
});
