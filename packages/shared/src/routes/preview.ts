import { z } from '../zod.ts';
import { defineRoute } from './define.ts';
import { fileId } from './files.ts';

/** A video's or audio's playable renditions (HLS), made in the background after upload. */
export const previewMedia = z.object({
  state: z
    .enum(['pending', 'running', 'ready', 'failed', 'unavailable'])
    .describe('pending/running 转码中；ready 可播放；failed 转码失败（见 error）；unavailable 服务器缺少转码组件'),
  progress: z.number().int().min(0).max(100).nullable().describe('转码进度（百分比），转码中时有值'),
  error: z.string().nullable().describe('转码失败的原因（中文）'),
  hlsUrl: z.string().nullable().describe('HLS 主播放列表（短时有效的签名地址）'),
  mp4Url: z.string().nullable().describe('不支持 HLS 时的 MP4/M4A 备用地址'),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  sampleSeconds: z.number().int().nullable().describe('试看秒数：付费资源未购买时只有开头这几秒（带水印）'),
  canRetry: z.boolean().describe('转码失败时当前用户（上传者或管理员）可以重新转码'),
});
export type PreviewMedia = z.infer<typeof previewMedia>;

/** A paid document's sample: its first pages as watermarked images. */
export const previewPages = z.object({
  pageCount: z.number().int().nullable().describe('文档总页数'),
  images: z.array(z.string()).describe('试读页图片（带水印，短时有效的签名地址）'),
});
export type PreviewPages = z.infer<typeof previewPages>;

export const previewInfo = z.object({
  mode: z
    .enum(['pdf', 'image', 'text', 'video', 'audio', 'pages', 'external', 'converting', 'unavailable', 'locked'])
    .describe(
      'pdf/image/text 直接用 url 显示；video/audio 见 media（url 为浏览器可直接播放的原文件，否则为空）；pages 为付费文档的试读页（见 pages）；external 打开外部预览服务；converting 稍后重试；unavailable 见 msg；locked 付费资源未购买且没有试看内容',
    ),
  url: z.string().nullable(),
  msg: z.string().nullable(),
  fileId: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  thumbnailUrl: z.string(),
  sample: z.boolean().describe('true 表示付费资源未购买，只给试看/试读部分'),
  media: previewMedia.nullable(),
  pages: previewPages.nullable(),
});
export type PreviewInfo = z.infer<typeof previewInfo>;

export const onlinePreview = defineRoute({
  method: 'GET',
  path: '/api/open/onlinePreview',
  summary:
    '在线预览：PDF、图片、文本直接预览；视频、音频在上传后转码为 HLS（media 给出进度与播放地址）；Office 文档在上传后转为 PDF；付费资源未购买时给出带水印的试看片段或试读页；也可交给配置的外部预览服务',
  tag: '文件',
  access: 'public',
  query: z.object({ fileId }),
  example: { query: { fileId: 'aaaaaaaaaaaaaaaaaaaaaaaaaa' } },
  response: previewInfo,
});

export const retryMediaProcessing = defineRoute({
  method: 'POST',
  path: '/api/file/media/retry',
  summary: '重新转码（上传者或管理员）：视频、音频转码或文档转换失败后再试一次',
  tag: '文件',
  access: 'user',
  body: z.object({ fileId }),
  example: { body: { fileId: 'aaaaaaaaaaaaaaaaaaaaaaaaaa' } },
  response: z.null(),
});

export const fileMedia = defineRoute({
  method: 'GET',
  path: '/api/file/media/:id/:variant/:exp/:sig/*',
  summary:
    '按签名地址读取转码结果（HLS 播放列表与分片、封面、备用 MP4、试读页图片）；签名覆盖文件、种类与有效期，播放列表里的相对地址沿用同一签名',
  tag: '文件',
  access: 'public',
  raw: true,
  response: z.unknown().describe('播放列表、分片或图片字节'),
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
