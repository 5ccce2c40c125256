import {
  chinaDate,
  chinaDateTime,
  chinaDayStart,
  chinaTimestampDigits,
  chinaYear,
  fenToYuanInput,
  fenToYuanText,
  formatBytes,
  formatYuan,
  yuanTextToFen,
  yuanToFen,
} from '@zyk/shared';
import { describe, expect, it } from 'vitest';

describe('money (packages/shared/src/money.ts)', () => {
  it('writes fen as yuan exactly, signs included', () => {
    expect(fenToYuanText(1234)).toBe('12.34');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(fenToYuanText(-50)).toBe('-0.50');
    expect(fenToYuanText(0)).toBe('0.00');
    expect(formatYuan(123456)).toBe('¥1234.56');
    expect(formatYuan(-50)).toBe('-¥0.50');
    expect(fenToYuanInput(1999)).toBe('19.99');
    expect(fenToYuanInput(500)).toBe('5');
    // Floats would print 1.1500000000000001 or 0.07 as 0.07000000000000001 somewhere along the way.
    for (let fen = 0; fen < 2000; fen++) expect(yuanTextToFen(fenToYuanText(fen))).toBe(fen);
  });

  it('reads yuan text strictly, with a digit limit', () => {
    expect(yuanTextToFen('12.34')).toBe(1234);
    expect(yuanTextToFen('12.')).toBe(1200);
    expect(yuanTextToFen('1234567', 7)).toBe(123456700);
    expect(yuanTextToFen('12345678', 7)).toBeNull();
    for (const bad of ['12.345', '-1', '1e3', '', ' 1', 'abc', '.5', null, undefined]) {
      expect(yuanTextToFen(bad), String(bad)).toBeNull();
    }
  });

  it('reads a number field without float drift', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(1.15)).toBe(115);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(-1)).toBeNull();
    expect(yuanToFen(Number.NaN)).toBeNull();
    expect(yuanToFen('7.5')).toBe(750);
  });
});

describe('China time (packages/shared/src/time.ts)', () => {
  it('turns the day at 16:00 UTC, whatever the machine’s zone', () => {
    const before = new Date('2026-12-31T15:59:59.000Z');
    const after = new Date('2026-12-31T16:00:00.000Z');
    expect(chinaDate(before)).toBe('2026-12-31');
    expect(chinaDate(after)).toBe('2027-01-01');
    expect(chinaYear(before)).toBe(2026);
    expect(chinaYear(after)).toBe(2027);
    expect(chinaDateTime(after)).toBe('2027-01-01 00:00:00');
    expect(chinaTimestampDigits(after)).toBe('20270101000000');
  });

  it('starts a China day at 16:00 UTC the day before, and round-trips with chinaDate', () => {
    expect(chinaDayStart('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(chinaDate(chinaDayStart('2027-01-01'))).toBe('2027-01-01');
    expect(chinaDate(new Date(chinaDayStart('2027-01-01').getTime() - 1))).toBe('2026-12-31');
  });
});

describe('sizes', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatBytes(-1)).toBe('—');
  });
});
