/**
 * Individual income tax withheld on labour remuneration (劳务报酬所得预扣预缴), per payment, in integer fen:
 * taxable income is the payment minus 800 yuan when it is at most 4,000 yuan, otherwise 80% of it; the tax is
 * 20% of taxable income up to 20,000 yuan, 30% minus 2,000 yuan up to 50,000 yuan, and 40% minus 7,000 yuan above.
 */
const YUAN = 100;

const round = (numerator: number, denominator: number) => Math.floor((numerator * 2 + denominator) / (denominator * 2));

export const taxableLabourIncome = (income: number) =>
  income <= 4_000 * YUAN ? Math.max(0, income - 800 * YUAN) : round(income * 4, 5);

export const labourRemunerationTax = (income: number) => {
  if (!Number.isSafeInteger(income) || income < 0) throw new Error(`income must be whole fen, got ${income}`);
  const taxable = taxableLabourIncome(income);
  if (taxable <= 20_000 * YUAN) return round(taxable * 20, 100);
  if (taxable <= 50_000 * YUAN) return round(taxable * 30, 100) - 2_000 * YUAN;
  return round(taxable * 40, 100) - 7_000 * YUAN;
};

/** A withdrawal as the seller sees it: gross, tax withheld, what reaches their Alipay account. */
export const afterTax = (amount: number) => {
  const tax = labourRemunerationTax(amount);
  return { amount, tax, netAmount: amount - tax };
};
