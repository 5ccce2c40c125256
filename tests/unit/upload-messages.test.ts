import { isCatalogueMessage, MESSAGES, UPLOAD, UPLOAD_RESULT } from '@zyk/shared';
import { describe, expect, it } from 'vitest';

/** Upload messages and upload constants, as the web and the api share them. */
describe('upload messages and limits', () => {
  it('holds every upload message of the spec, in Chinese, shown verbatim', () => {
    const spec = [
      ['unsupportedBrowser', '浏览器不支持此上传方式'],
      ['failedNoRetry', '上传失败（错误码 -1）'],
      ['failedRetry', '上传失败（错误码 -2）'],
      ['failedPartial', '上传失败（错误码 -3）'],
      ['resumePointFailed', '获取文件续传位置失败'],
      ['dataError', '上传数据有误'],
      ['networkRetrying', '网络异常，正在重试'],
      ['videoTooLarge', '视频文件过大'],
      ['attachmentTooLarge', '附件文件过大'],
      ['tooManyFiles', '单次最多上传 10 个文件，请重新选择'],
    ] as const;
    for (const [key, text] of spec) {
      expect(MESSAGES.upload[key]).toBe(text);
      expect(isCatalogueMessage(text)).toBe(true);
    }
  });

  it('keeps the spec limits and result codes', () => {
    expect(UPLOAD.documentMaxBytes).toBe(50 * 1024 * 1024);
    expect(UPLOAD.videoMaxBytes).toBe(1024 * 1024 * 1024);
    expect([UPLOAD.chunkBytes, UPLOAD.chunkMaxBytes]).toEqual([1024 * 1024, 4 * 1024 * 1024]);
    expect(UPLOAD.maxFilesPerSelection).toBe(10);
    expect(UPLOAD_RESULT).toEqual({ done: 1, resume: 0, failNoRetry: -1, failRetry: -2, failRetryIfProgress: -3 });
    for (const ext of [
      'wmv',
      'rmvb',
      'mpg',
      'mov',
      '3gp',
      'mp4',
      'mkv',
      'avi',
      'flv',
      'wav',
      'mp3',
      'flac',
      'aac',
      'm4a',
    ]) {
      expect([...UPLOAD.videoExtensions, ...UPLOAD.audioExtensions]).toContain(ext);
    }
  });
});
