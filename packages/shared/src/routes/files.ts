import { MESSAGES } from '../messages.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

/** A stored file's id (as the storage names it); anything else is answered as a missing file. */
export const fileId = z.string().regex(/^[a-z2-7]{26}$/, MESSAGES.file.notFound);

/** A stored file as uploads answer it: what publishing a resource needs. */
export const storedFileView = z.object({
  id: z.string().describe('文件 id（发布资源时引用）'),
  name: z.string().describe('原始文件名（已去除路径与控制字符）'),
  size: z.number().int(),
  type: z.string().describe('扩展名，小写'),
  mimeType: z.string(),
  kind: z.enum(['document', 'video', 'audio', 'image', 'other']),
  sha256: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StoredFileView = z.infer<typeof storedFileView>;

export const fileInfo = defineRoute({
  method: 'GET',
  path: '/api/file/info/:id',
  summary: '文件信息（上传者、管理员或有权查看者）：含短时有效的查看、下载与缩略图地址',
  tag: '文件',
  access: 'user',
  response: storedFileView.extend({
    url: z.string().describe('内联查看地址（短时有效）'),
    downloadUrl: z.string().describe('下载地址（短时有效）'),
    thumbnailUrl: z.string(),
  }),
});

export const fileContent = defineRoute({
  method: 'GET',
  path: '/api/file/content/:id',
  summary: '按签名地址读取文件内容（支持 Range 断点与拖动播放）；地址由有权查看的接口签发，过期后需重新获取',
  tag: '文件',
  access: 'public',
  raw: true,
  query: z.object({
    v: z.enum(['preview', 'thumbnail']).optional().describe('preview 为 Office 文档转换的 PDF，thumbnail 为缩略图'),
    exp: z.coerce.number().int().min(0).max(99_999_999_999),
    dl: z.enum(['0', '1']).default('0').describe('1 为下载（attachment）'),
    sig: z.string().min(1).max(128),
  }),
  example: { query: { exp: 1_700_000_000, dl: '0', sig: 'invalid-signature' } },
  response: z.unknown().describe('文件字节'),
});
