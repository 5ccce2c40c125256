import { z } from './zod.ts';

/** Every JSON answer: `{ code, success, msg, data }`. code 0 / success true mean success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), success: z.boolean(), msg: z.string(), data });

export type Envelope<T> = { code: number; success: boolean; msg: string; data: T };

/** The failure shape: same envelope, data null. */
export const errorEnvelope = envelope(z.null());

export const pageBean = z.object({
  current: z.number().int().min(1),
  size: z.number().int().min(1),
  totalCount: z.number().int().min(0),
  totalPage: z.number().int().min(0),
});
export type PageBean = z.infer<typeof pageBean>;

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ objList: z.array(item), pageBean });
export type Page<T> = { objList: T[]; pageBean: PageBean };

/** Paging input shared by list calls: `current` from 1, `size` bounded so no call can ask for the whole table. */
export const pageQuery = (defaultSize: number, maxSize = 100) =>
  z.object({
    current: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });

export const makePageBean = (current: number, size: number, totalCount: number): PageBean => ({
  current,
  size,
  totalCount,
  totalPage: Math.ceil(totalCount / size),
});
