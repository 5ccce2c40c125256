import { z } from '../zod.ts';
import { defineRoute } from './define.ts';
import { fileId } from './files.ts';

export const previewInfo = z.object({
  mode: z
    .enum(['pdf', 'image', 'text', 'video', 'audio', 'external', 'converting', 'unavailable'])
    .describe(
      'pdf/image/text/video/audio 直接用 url 显示；external 打开外部预览服务；converting 稍后重试；unavailable 见 msg',
    ),
  url: z.string().nullable(),
  msg: z.string().nullable(),
  fileId: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  thumbnailUrl: z.string(),
});
export type PreviewInfo = z.infer<typeof previewInfo>;

export const onlinePreview = defineRoute({
  method: 'GET',
  path: '/api/open/onlinePreview',
  summary:
    '在线预览：PDF、图片、文本、视频、音频直接预览；Office 文档由 LibreOffice 转为 PDF（后台排队，首次需稍候），或交给配置的外部预览服务',
  tag: '文件',
  access: 'public',
  query: z.object({ fileId }),
  example: { query: { fileId: 'aaaaaaaaaaaaaaaaaaaaaaaaaa' } },
  response: previewInfo,
});

export const fileThumbnail = defineRoute({
  method: 'GET',
  path: '/api/file/thumbnail/:id',
  summary: '文件缩略图（视频封面、文档首页、图片缩略图；无法生成时为占位图）',
  tag: '文件',
  access: 'public',
  raw: true,
  response: z.unknown().describe('图片字节'),
});
