import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

/** A home-page banner as visitors see it: the active ones only (enabled, within their dates), in order. */
export const homeBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** A site path (`/pcourse/index`) or an http(s) address; empty: the banner is not a link. */
  linkUrl: z.string(),
});
export type HomeBanner = z.infer<typeof homeBanner>;

export const homeBanners = defineRoute({
  method: 'GET',
  path: '/api/home/banners',
  summary: '首页横幅：已启用且在展示日期内的横幅，按排序',
  tag: '首页',
  access: 'public',
  response: z.array(homeBanner),
});
