import { UPLOAD } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

const idPattern = /^[a-z2-7]{26}$/;
const fileId = z.string().regex(idPattern, MESSAGES.file.notFound);

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

export const uploadDocument = defineRoute({
  method: 'POST',
  path: '/api/upload/document',
  summary: `上传文档（multipart/form-data，文件字段 file，一次一个）：doc(docx)、xls(xlsx)、ppt(pptx)、pdf、txt、jpg(jpeg、gif、png、bmp)，不超过 50M；按文件内容校验类型。过大答 413「${MESSAGES.upload.attachmentTooLarge}」，类型不符答 415`,
  tag: '上传',
  access: 'user',
  upload: { field: 'file', description: '文档文件' },
  rateLimit: { max: 60, timeWindowMs: 60_000 },
  response: storedFileView,
});

export const videoUploadInfo = z.object({
  uri: z.string().describe('分片上传地址（POST，带 Content-Range 与 file 字段）'),
  ccvid: z.string().describe('上传任务 id'),
  uid: z.string().describe('上传者会员号'),
  metauri: z.string().describe('续传位置查询地址（GET）'),
  servicetype: z.enum(['video', 'audio']),
  errMsg: z.string().nullable(),
  errorType: z.number().int().nullable(),
});

export const videoUploadInit = defineRoute({
  method: 'POST',
  path: '/api/upload/video/init',
  summary: `开始视频/音频分片上传（wmv、rmvb、mpg、mov、3gp、mp4、mkv、avi、flv、wav、mp3、flac、aac、m4a，不超过 1G）：答上传地址与任务 id；过大答 413「${MESSAGES.upload.videoTooLarge}」`,
  tag: '上传',
  access: 'user',
  rateLimit: { max: 60, timeWindowMs: 60_000 },
  body: z.object({
    filename: z.string().min(1, MESSAGES.upload.fileNameRequired).max(1000),
    filesize: z.number().int().min(0),
  }),
  example: { body: { filename: '小学数学-分数的初步认识.mp4', filesize: 52_428_800 } },
  response: videoUploadInfo,
});

/** `{ result, received }` of the chunk protocol (SPEC.md §3/§4): in the envelope's data, and at the top level for upload helpers that read them there. */
const positionData = z.object({
  result: z
    .number()
    .int()
    .describe('1 完成；0 从 received 处续传；-1 失败不重试；-2 失败可重试；-3 失败（已有进度时重试）'),
  received: z.number().int().describe('服务器已持久保存的字节数'),
  fileId: z.string().nullable().describe('完成（result 为 1）时的文件 id'),
});
export const chunkAnswer = z.object({
  code: z.number().int(),
  success: z.boolean(),
  msg: z.string(),
  data: positionData,
  result: positionData.shape.result,
  received: positionData.shape.received,
});
export type ChunkAnswer = z.infer<typeof chunkAnswer>;

export const videoUploadMeta = defineRoute({
  method: 'GET',
  path: '/api/upload/video/meta',
  summary: '查询续传位置（metauri）：result 0 时从 received 字节处继续上传，1 表示已完成',
  tag: '上传',
  access: 'user',
  raw: true,
  query: z.object({
    ccvid: z.string().regex(idPattern, MESSAGES.upload.uploadNotFound),
    uid: z.string().min(1).max(64),
    filename: z.string().max(1000).optional(),
    filesize: z.coerce.number().int().min(0).optional(),
    servicetype: z.string().max(16).optional(),
  }),
  example: {
    query: {
      ccvid: 'aaaaaaaaaaaaaaaaaaaaaaaaaa',
      uid: 'M100001',
      filename: '小学数学-分数的初步认识.mp4',
      filesize: 52_428_800,
      servicetype: 'video',
    },
  },
  response: chunkAnswer,
});

export const videoUploadChunk = defineRoute({
  method: 'POST',
  path: '/api/upload/video/chunk',
  summary: `上传一个分片（uri）：请求头 Content-Range: bytes 起-止/总长，multipart 字段 file；分片 ${UPLOAD.chunkMinBytes / 1048576}–${UPLOAD.chunkMaxBytes / 1048576} MiB（最后一片可更小）。答 { result, received }：0 继续（缺口或重复时 received 为真实位置），1 完成`,
  tag: '上传',
  access: 'user',
  raw: true,
  upload: { field: 'file', description: '分片数据' },
  query: z.object({
    ccvid: z.string().regex(idPattern, MESSAGES.upload.uploadNotFound),
    uid: z.string().min(1).max(64),
  }),
  example: { query: { ccvid: 'aaaaaaaaaaaaaaaaaaaaaaaaaa', uid: 'M100001' } },
  response: chunkAnswer,
});

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

export const fileThumbnail = defineRoute({
  method: 'GET',
  path: '/api/file/thumbnail/:id',
  summary: '文件缩略图（视频封面、文档首页、图片缩略图；无法生成时为占位图）',
  tag: '文件',
  access: 'public',
  raw: true,
  response: z.unknown().describe('图片字节'),
});

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
