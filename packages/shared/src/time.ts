/**
 * China time, as the product shows and counts it (days, months, years, order numbers, Alipay timestamps). China
 * has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact and needs no time zone database.
 */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** `at` as an ISO string whose digits are China's wall clock ('2026-11-22T08:05:00.000Z' means 08:05 in China). */
const chinaClock = (at: Date) => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString();

/** '2026-11-22'. */
export const chinaDate = (at: Date = new Date()) => chinaClock(at).slice(0, 10);

/** '2026-11-22 08:05:00' (also Alipay's timestamp format). */
export const chinaDateTime = (at: Date = new Date()) => chinaClock(at).slice(0, 19).replace('T', ' ');

/** The instant a China day ('2026-11-22') begins: 00:00 in China. */
export const chinaDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);

/** 2026. */
export const chinaYear = (at: Date = new Date()) => Number(chinaClock(at).slice(0, 4));

/** '20261122080500', for numbers that sort by time. */
export const chinaTimestampDigits = (at: Date = new Date()) => chinaClock(at).replace(/\D/g, '').slice(0, 14);
