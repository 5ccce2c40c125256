import { isValidIdCard, isValidPhone } from '@zyk/shared';
import { parse } from 'csv-parse/sync';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Tx, transaction } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/**
 * The allow-list of the roster policy (REGISTRATION_POLICY=roster): teachers the district expects, by real name with
 * a phone and/or an ID number. A registration is accepted when the real name and the phone or the ID number match a
 * row. Imported from CSV (`realName,phone,idCard`, header required) with `pnpm admin import-allowlist`.
 */

export const ALLOWLIST_COLUMNS = ['realName', 'phone', 'idCard'] as const;

export interface AllowlistReport {
  created: number;
  updated: number;
  unchanged: number;
  rejected: { line: number; key: string; reason: string }[];
}

/** Whether the applicant is on the list: same real name, and the same phone or (when given) ID number. */
export const onAllowlist = async (db: Db, who: { realName: string; phone: string; idCard: string | null }) =>
  (await db.registrationAllowlist.count({
    where: {
      realName: who.realName,
      OR: [{ phone: who.phone }, ...(who.idCard ? [{ idCard: who.idCard }] : [])],
    },
  })) > 0;

interface Row {
  line: number;
  realName: string;
  phone: string | null;
  idCard: string | null;
}

const checkRow = (line: number, raw: Record<string, string | undefined>): Row | string => {
  const realName = (raw.realName ?? '').trim();
  const phone = (raw.phone ?? '').trim();
  const idCard = (raw.idCard ?? '').trim().toUpperCase();
  if (realName.length < 2 || realName.length > 30) return '姓名须为 2-30 字';
  if (phone === '' && idCard === '') return '手机号与身份证号至少填一项';
  if (phone !== '' && !isValidPhone(phone)) return '手机号格式不正确';
  if (idCard !== '' && !isValidIdCard(idCard)) return '身份证号不正确（须为 18 位且校验位正确）';
  return { line, realName, phone: phone || null, idCard: idCard || null };
};

/**
 * Adds or updates allow-list rows, matched by phone, then by ID number: importing the same file twice changes
 * nothing. A row whose phone and ID number belong to two different existing rows is refused. `dryRun` checks
 * and reports without writing.
 */
export const importAllowlist = async (
  prisma: PrismaClient,
  csv: string,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<AllowlistReport> => {
  const report: AllowlistReport = { created: 0, updated: 0, unchanged: 0, rejected: [] };
  let records: Record<string, string>[];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch {
    throw new Error('名单文件不是合法的 CSV');
  }
  const header = Object.keys(records[0] ?? {});
  const missing = ALLOWLIST_COLUMNS.filter((c) => !header.includes(c));
  if (records.length > 0 && missing.length > 0) {
    throw new Error(`名单缺少列：${missing.join('、')}（须有表头 ${ALLOWLIST_COLUMNS.join(',')}）`);
  }
  const seen = new Set<string>();
  await transaction(prisma, async (tx) => {
    for (const [index, raw] of records.entries()) {
      const line = index + 2;
      const row = checkRow(line, raw);
      const key = typeof row === 'string' ? (raw.phone || raw.idCard || raw.realName || '').trim() : row.realName;
      if (typeof row === 'string') {
        report.rejected.push({ line, key, reason: row });
        continue;
      }
      const keys = [row.phone, row.idCard].filter((k): k is string => k !== null);
      if (keys.some((k) => seen.has(k))) {
        report.rejected.push({ line, key, reason: '与前面的行重复（手机号或身份证号相同）' });
        continue;
      }
      for (const k of keys) seen.add(k);
      const matches = await tx.registrationAllowlist.findMany({
        where: { OR: [...(row.phone ? [{ phone: row.phone }] : []), ...(row.idCard ? [{ idCard: row.idCard }] : [])] },
      });
      if (matches.length > 1) {
        report.rejected.push({ line, key, reason: '手机号与身份证号分属名单中的两行，请先核对' });
        continue;
      }
      const existing = matches[0];
      const data = { realName: row.realName, phone: row.phone, idCard: row.idCard };
      if (!existing) {
        report.created += 1;
        if (!dryRun) await tx.registrationAllowlist.create({ data });
      } else if (
        existing.realName === data.realName &&
        existing.phone === data.phone &&
        existing.idCard === data.idCard
      ) {
        report.unchanged += 1;
      } else {
        report.updated += 1;
        if (!dryRun) await tx.registrationAllowlist.update({ where: { id: existing.id }, data });
      }
    }
  });
  return report;
};
