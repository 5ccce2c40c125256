import { pathOf, routes } from '@zyk/shared';
import { describe, expect, it } from 'vitest';

describe('pathOf', () => {
  it('is the route path when it has no parameters', () => {
    expect(pathOf(routes.uploadDocument)).toBe('/api/upload/document');
    expect(pathOf(routes.workOrderInsert)).toBe('/es//wo/insert');
  });

  it('fills path parameters, URI-encoded', () => {
    expect(pathOf(routes.fileThumbnail, { id: 'abcdefghijklmnopqrstuvwxyz' })).toBe(
      '/api/file/thumbnail/abcdefghijklmnopqrstuvwxyz',
    );
    expect(pathOf(routes.fileContent, { id: 'a/b c' })).toBe('/api/file/content/a%2Fb%20c');
  });

  it('adds a query string in key order, leaving out undefined and null', () => {
    expect(pathOf(routes.videoUploadChunk, undefined, { ccvid: 'aaaaaaaaaaaaaaaaaaaaaaaaaa', uid: 'M100001' })).toBe(
      '/api/upload/video/chunk?ccvid=aaaaaaaaaaaaaaaaaaaaaaaaaa&uid=M100001',
    );
    expect(pathOf(routes.fileContent, { id: 'x' }, { v: undefined, exp: 5, dl: '1', sig: 'a+b' })).toBe(
      '/api/file/content/x?exp=5&dl=1&sig=a%2Bb',
    );
    expect(pathOf(routes.getAreaDict, undefined, {})).toBe('/api/open/getAreaDict');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => pathOf(routes.fileInfo, {} as { id: string })).toThrow(/missing path parameter id/);
  });
});
