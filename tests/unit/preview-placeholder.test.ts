import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { placeholderPng } from '../../apps/api/src/modules/preview/placeholder.ts';

const pixel = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
};

describe('placeholder thumbnails', () => {
  it('are 320×200 PNGs in the pale tint the web uses for the kind, with a muted symbol in the middle', () => {
    const png = PNG.sync.read(placeholderPng('document'));
    expect([png.width, png.height]).toEqual([320, 200]);
    expect(pixel(png, 2, 2)).toEqual([230, 244, 241]); // #e6f4f1, resource-thumb.module.css
    expect(pixel(png, 160, 136)).toEqual([123, 181, 176]); // the page symbol's lower edge
    const video = PNG.sync.read(placeholderPng('video'));
    expect(pixel(video, 2, 2)).toEqual([224, 242, 254]);
    expect(pixel(video, 160, 100)).toEqual([114, 174, 208]); // inside the play triangle
  });

  it('draw unknown kinds as "other", and hand out one cached image per kind', () => {
    expect(placeholderPng('spreadsheet')).toBe(placeholderPng('other'));
    expect(placeholderPng('document')).toBe(placeholderPng('document'));
    expect(pixel(PNG.sync.read(placeholderPng('other')), 2, 2)).toEqual([241, 245, 249]);
  });
});
