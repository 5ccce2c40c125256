import { isValidTaxNumber, isValidUscc } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { afterTax, labourRemunerationTax, taxableLabourIncome } from '../../apps/api/src/modules/commerce/tax.ts';

const fen = (yuan: number) => Math.round(yuan * 100);

/**
 * Labour remuneration prepayment, worked by hand (amounts in yuan):
 *   income ≤ 4000: taxable = income − 800 (not below 0); above: taxable = income × 80%.
 *   taxable ≤ 20000: 20%; ≤ 50000: 30% − 2000; above: 40% − 7000. Fen amounts round half up.
 */
describe('labour remuneration tax on the band edges', () => {
  const cases: [string, number, number, number][] = [
    // [label, income fen, taxable fen, tax fen]
    ['nothing', 0, 0, 0],
    ['800: the deduction eats it all', fen(800), 0, 0],
    // 0.01 taxable × 20% = 0.002 yuan → 0 fen.
    ['800.01: one fen taxable', fen(800.01), 1, 0],
    // 4000 − 800 = 3200; × 20% = 640.
    ['4000: last amount with the fixed deduction', fen(4000), fen(3200), fen(640)],
    // 4000.01 × 0.8 = 3200.008 → 3200.01; × 20% = 640.002 → 640.00.
    ['4000.01: first amount with the 20% deduction', fen(4000.01), fen(3200.01), fen(640)],
    // 25000 × 0.8 = 20000 (top of the 20% band); × 20% = 4000.
    ['25000: taxable 20000, top of the first band', fen(25_000), fen(20_000), fen(4000)],
    // 25000.01 × 0.8 = 20000.008 → 20000.01; × 30% = 6000.003 → 6000.00; − 2000 = 4000.
    ['25000.01: first amount in the 30% band', fen(25_000.01), fen(20_000.01), fen(4000)],
    // 62500 × 0.8 = 50000 (top of the 30% band); × 30% = 15000; − 2000 = 13000.
    ['62500: taxable 50000, top of the second band', fen(62_500), fen(50_000), fen(13_000)],
    // 62500.01 × 0.8 = 50000.008 → 50000.01; × 40% = 20000.004 → 20000.00; − 7000 = 13000.
    ['62500.01: first amount in the 40% band', fen(62_500.01), fen(50_000.01), fen(13_000)],
    // 1000000 × 0.8 = 800000; × 40% = 320000; − 7000 = 313000.
    ['1,000,000: deep in the top band', fen(1_000_000), fen(800_000), fen(313_000)],
    // 3000 − 800 = 2200; × 20% = 440.
    ['3000: inside the fixed-deduction band', fen(3000), fen(2200), fen(440)],
    // 10000 × 0.8 = 8000; × 20% = 1600.
    ['10000: inside the first band', fen(10_000), fen(8000), fen(1600)],
    // 50000 × 0.8 = 40000; × 30% = 12000; − 2000 = 10000.
    ['50000: inside the second band', fen(50_000), fen(40_000), fen(10_000)],
  ];

  it.each(cases)('%s', (_label, income, taxable, tax) => {
    expect(taxableLabourIncome(income)).toBe(taxable);
    expect(labourRemunerationTax(income)).toBe(tax);
    expect(afterTax(income)).toEqual({ amount: income, tax, netAmount: income - tax });
  });

  it('never takes more than the income and never decreases as the income grows', () => {
    let previous = 0;
    for (let income = 0; income <= fen(70_000); income += 997) {
      const tax = labourRemunerationTax(income);
      expect(tax).toBeGreaterThanOrEqual(previous);
      expect(tax).toBeLessThanOrEqual(income);
      previous = tax;
    }
  });

  it('refuses amounts that are not whole non-negative fen', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => labourRemunerationTax(bad)).toThrow();
    }
  });
});

describe('tax numbers on invoices', () => {
  it('accepts a unified social credit code only with its GB 32100-2015 check character', () => {
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
    expect(isValidUscc('91110000100000000R')).toBe(true);
    // I, O, S, V and Z are never used.
    expect(isValidUscc('91350100M000100YO3')).toBe(false);
    expect(isValidUscc('91350100m000100y43')).toBe(false);
  });

  it('accepts 15–20 capitals or digits, and checks the 18-character ones', () => {
    expect(isValidTaxNumber('110108123456789')).toBe(true);
    expect(isValidTaxNumber('11010812345678901234')).toBe(true);
    expect(isValidTaxNumber('91350100M000100Y43')).toBe(true);
    expect(isValidTaxNumber('91350100M000100Y40')).toBe(false);
    expect(isValidTaxNumber('11010812345678')).toBe(false);
    expect(isValidTaxNumber('110108123456789012345')).toBe(false);
    expect(isValidTaxNumber('11010812345678a')).toBe(false);
  });
});
