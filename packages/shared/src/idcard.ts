const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** 18-digit mainland ID-card number with a valid GB 11643 check character and a plausible birth date. */
export const isValidIdCard = (value: string): boolean => {
  const id = value.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
  if (CHECK_CHARS[sum % 11] !== id[17]) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getTime() <= Date.now();
};

/** Completes a 17-digit prefix with its check character (used by seeds and tests to make valid numbers). */
export const withIdCardCheck = (first17: string): string => {
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return `${first17}${CHECK_CHARS[sum % 11]}`;
};

/** Mainland mobile number: 11 digits starting 1[3-9]. */
export const isValidPhone = (value: string): boolean => /^1[3-9]\d{9}$/.test(value);
