import { randomInt } from 'node:crypto';
import { isStrongPassword } from '@zyk/shared';
import type { Config } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { importRoster } from '../modules/account/roster.ts';
import { seedCatalogueIfEmpty, seedReferenceDataIfEmpty } from './seed.ts';

export type Log = (msg: string) => void;

/** Letters and digits that cannot be mistaken for one another when read off a log (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GENERATED_PASSWORD_LENGTH = 20;

/** A random password that passes the product's password rule (about 116 bits). */
export const generateAdminPassword = (): string => {
  for (;;) {
    const password = Array.from(
      { length: GENERATED_PASSWORD_LENGTH },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
    ).join('');
    if (isStrongPassword(password)) return password;
  }
};

const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * The first administrator of a real district: a district administrator named ADMIN_USERNAME, in the default school,
 * whose password is ADMIN_PASSWORD or, when that is empty, generated and printed once. Only while the database has
 * no account at all. Answers the account made (and the password when it was generated), or null.
 */
export const seedAdministratorIfNoUsers = async (
  prisma: PrismaClient,
  config: Pick<Config, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>,
  log: Log = () => {},
) => {
  if ((await prisma.user.count()) > 0) return null;
  const generated = config.ADMIN_PASSWORD ? null : generateAdminPassword();
  const password = config.ADMIN_PASSWORD || (generated as string);
  const row = ['系统管理员', config.ADMIN_USERNAME, '', '', '', '', '', 'district_admin', password];
  const report = await importRoster(
    prisma,
    `realName,userName,phone,idCard,stage,subject,school,role,password\n${row.map(csvCell).join(',')}`,
  );
  if (report.rejected.length > 0) {
    throw new Error(`无法创建管理员 ${config.ADMIN_USERNAME}：${report.rejected.map((r) => r.reason).join('；')}`);
  }
  // Another process may have made it between the count and the import (the roster import serialises itself).
  if (report.created === 0) return null;
  if (generated) {
    log(
      `已创建管理员账号 ${config.ADMIN_USERNAME}，初始密码：${generated}\n` +
        '  这个密码只显示这一次：请立即登录，在“安全设置”中修改密码；忘记时用 ' +
        `pnpm admin reset-password ${config.ADMIN_USERNAME} <新密码> 重置。下次部署可用 ADMIN_PASSWORD 指定初始密码。`,
    );
  } else {
    log(`已创建管理员账号 ${config.ADMIN_USERNAME}（初始密码取自 ADMIN_PASSWORD，登录后请在“安全设置”中修改）`);
  }
  return { userName: config.ADMIN_USERNAME, generatedPassword: generated };
};

/**
 * What a real district starts from: stages and subjects, roles, areas, the textbook catalogue, and one
 * administrator. Schools, teachers and content are the district's own (console, `pnpm admin import-roster`).
 */
export const seedMinimal = async (
  prisma: PrismaClient,
  config: Pick<Config, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>,
  log: Log = () => {},
) => {
  await seedReferenceDataIfEmpty(prisma, log);
  await seedCatalogueIfEmpty(prisma, log);
  return seedAdministratorIfNoUsers(prisma, config, log);
};
