import { UPLOAD } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';
import { storedFileView } from './files.ts';

const idPattern = /^[a-z2-7]{26}$/;

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

/** `{ result, received }` of the chunk protocol: in the envelope's data, and at the top level for upload helpers that read them there. */
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
