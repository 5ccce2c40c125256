import { createHash } from 'node:crypto';

/** Choices that depend only on a seed text: the same lesson always gets the same wording, numbers and answers. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, bound). */
  int(bound: number): number;
  pick<T>(list: readonly T[]): T;
  /** `count` different items in a random order (all of them when the list is shorter). */
  sample<T>(list: readonly T[], count: number): T[];
}

/**
 * sfc32 seeded from the SHA-256 of the text: small, fast, well distributed, and identical on every platform and
 * Node.js version (Math.random is neither seedable nor stable).
 */
export const seededRandom = (seedText: string): SeededRandom => {
  const digest = createHash('sha256').update(seedText).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  // A few rounds first, as sfc32's authors advise, so that similar seeds part ways at once.
  for (let i = 0; i < 12; i++) next();
  const int = (bound: number) => Math.floor(next() * bound);
  return {
    next,
    int,
    pick: <T>(list: readonly T[]) => {
      if (list.length === 0) throw new Error('cannot pick from an empty list');
      return list[int(list.length)]!;
    },
    sample: <T>(list: readonly T[], count: number) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.min(count, copy.length));
    },
  };
};
