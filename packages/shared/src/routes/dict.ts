import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

export const dictEntry = z.object({
  /** null for the prepended 'all' entry. */
  id: z.number().int().nullable(),
  dictName: z.string(),
});
export type DictEntry = z.infer<typeof dictEntry>;

export const dictList = defineRoute({
  method: 'GET',
  path: '/api/open/dict/list',
  summary:
    '字典：dictLevel=1 且 dictId=0 返回学段（首项为“全部”，id 为 null）；dictLevel=2 返回该学段的学科（首项为“全部学科”）',
  tag: '字典',
  access: 'public',
  query: z.object({
    dictId: z.coerce.number({ error: '字典编号必须是数字' }).int().min(0).max(2_147_483_647),
    dictLevel: z.coerce
      .number({ error: '字典层级必须是数字' })
      .int()
      .refine((v) => v === 1 || v === 2, { error: '字典层级只能是 1（学段）或 2（学科）' }),
  }),
  example: { query: { dictId: 0, dictLevel: 1 } },
  response: z.array(dictEntry),
});
