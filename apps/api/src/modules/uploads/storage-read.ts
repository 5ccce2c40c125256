import type { RangeReader } from '../files/sniff.ts';
import type { ObjectStorage } from '../storage/types.ts';

const collect = async (stream: AsyncIterable<unknown>) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

/** The first `length` bytes of an object. */
export const readHead = async (storage: ObjectStorage, key: string, length: number) =>
  length <= 0 ? Buffer.alloc(0) : collect(await storage.get(key, { start: 0, end: length - 1 }));

/** Range reads of a stored object of known size, clipped to its end (the content detectors' view of a file). */
export const rangeReader =
  (storage: ObjectStorage, key: string, size: number): RangeReader =>
  async (start, length) => {
    const from = Math.max(0, Math.min(start, size));
    const to = Math.min(size, from + length) - 1;
    if (to < from) return Buffer.alloc(0);
    return collect(await storage.get(key, { start: from, end: to }));
  };
