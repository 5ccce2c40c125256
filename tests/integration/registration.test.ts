import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encryptPassword, MESSAGES, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../apps/api/src/cli/command.ts';
import { registrationCommands } from '../../apps/api/src/cli/registration-commands.ts';
import { startTestApp, type TestApp, testAppFor } from '../support/app.ts';
import { loginAs, solveCaptcha, TRANSPORT_KEY } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * Registration under each policy (open, approval, roster), the approval queue in the console, and password recovery:
 * captcha before any code, the SMS limits, duplicates refused, enumeration resistance, a code used once, every
 * session ended after a reset, nothing changed on bad input.
 */

const enc = (password: string) => encryptPassword(password, TRANSPORT_KEY);

/** An ID-card number with a valid check character for the 17 given digits. */
const idCardOf = (base17: string) => {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...base17].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return `${base17}${'10X98765432'[sum % 11]}`;
};

/** A clock the tests move forward (resend waits, daily limits) without waiting. */
const offsetClock = () => {
  let offsetMs = 0;
  return {
    clock: { now: () => new Date(Date.now() + offsetMs) },
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
};

type Client = ReturnType<TestApp['client']>;

const latestSms = (t: TestApp, phone: string) =>
  t.prisma.smsOutbox.findFirst({ where: { phone }, orderBy: { id: 'desc' } });
const latestCode = async (t: TestApp, phone: string) => {
  const row = await latestSms(t, phone);
  return /验证码 (\d{6})/.exec(row?.content ?? '')?.[1] ?? '';
};
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

interface Applicant {
  realName: string;
  userName: string;
  phone: string;
  idCard?: string;
  school: string;
  password?: string;
}

/** The choices the form offers: school by code, 小学 / 语文. */
const formIds = async (t: TestApp, school: string) => {
  const stage = await t.prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: '小学' } });
  const subject = await t.prisma.dict.findFirstOrThrow({ where: { level: 2, parentId: stage.id, dictName: '语文' } });
  const schoolRow = await t.prisma.school.findUniqueOrThrow({ where: { code: school } });
  return { schoolId: schoolRow.id, stageId: stage.id, subjectId: subject.id };
};

const sendCode = async (t: TestApp, client: Client, phone: string) =>
  client.call(routes.registerSendCode, { body: { phone, verifyImageResult: await solveCaptcha(t, client.call) } });

const registerBody = async (t: TestApp, a: Applicant, code: string) => ({
  realName: a.realName,
  userName: a.userName,
  phone: a.phone,
  code,
  password: enc(a.password ?? 'Welcome2026'),
  idCard: a.idCard ?? '',
  ...(await formIds(t, a.school)),
});

/** The whole form: code sent after the puzzle, read from the development outbox, then submitted. */
const registerThrough = async (t: TestApp, client: Client, a: Applicant) => {
  const sent = await sendCode(t, client, a.phone);
  expect(sent.code, sent.msg).toBe(0);
  return client.call(routes.register, { body: await registerBody(t, a, await latestCode(t, a.phone)) });
};

const tryLogin = async (t: TestApp, username: string, password: string) => {
  const client = t.client();
  const verifyImageResult = await solveCaptcha(t, client.call);
  return client.call(routes.newLogin, { body: { username, password: enc(password), verifyImageResult } });
};

describe('approval policy (the default)', () => {
  let t: TestApp;
  let time: ReturnType<typeof offsetClock>;
  const fingerprint = () => databaseFingerprint(t.databaseUrl, { ignore: ['sessions', 'login_throttles'] });

  beforeAll(async () => {
    time = offsetClock();
    t = await startTestApp({ env: { RATE_LIMITS: 'false' }, services: { clock: time.clock } });
  });

  it('offers open schools (not retired, not the default school), stages and subjects, and says the policy', async () => {
    await t.prisma.school.update({ where: { code: 'hdwgy' }, data: { retiredAt: new Date() } });
    const options = await t.client().call(routes.registerOptions);
    expect(options.data.policy).toBe('approval');
    const names = options.data.schools.map((s) => s.name);
    expect(names).toContain('海淀区实验小学');
    expect(names).not.toContain('海淀区外国语实验学校');
    expect(names).not.toContain('默认学校');
    expect(options.data.stages.find((s) => s.name === '小学')?.subjects.map((s) => s.name)).toContain('语文');
    await t.prisma.school.update({ where: { code: 'hdwgy' }, data: { retiredAt: null } });
  });

  it('sends no code without a solved puzzle, and none to a phone an account holds', async () => {
    const client = t.client();
    // The puzzle rows are the captcha's own; nothing else may move.
    const quiet = () =>
      databaseFingerprint(t.databaseUrl, { ignore: ['sessions', 'login_throttles', 'captcha_challenges'] });
    const before = await quiet();
    const bogus = await client.call(routes.registerSendCode, {
      body: { phone: '13700000001', verifyImageResult: { captchaSerialNumber: 'nope', moveEnd_X: 10, wbili: 1 } },
    });
    expect(bogus.code).toBe(40000);
    expect(bogus.msg).toBe(MESSAGES.login.captchaInvalid);
    // A puzzle fetched but not solved does not do either.
    const puzzle = await client.call(routes.getImgSwipe);
    const unsolved = await client.call(routes.registerSendCode, {
      body: {
        phone: '13700000001',
        verifyImageResult: { captchaSerialNumber: puzzle.data.captchaSerialNumber, moveEnd_X: 10, wbili: 1 },
      },
    });
    expect(unsolved.msg).toBe(MESSAGES.login.captchaInvalid);
    expect(await quiet()).toBe(before);
    const taken = await sendCode(t, client, '13912345602');
    expect(taken.code).toBe(40900);
    expect(taken.msg).toBe(MESSAGES.registration.phoneTaken);
  });

  it('keeps the limits: one code per 60 seconds, 10 a day for a phone', async () => {
    const client = t.client();
    const phone = '13700000002';
    expect((await sendCode(t, client, phone)).data).toEqual({ expiresInSeconds: 300, resendInSeconds: 60 });
    const again = await sendCode(t, client, phone);
    expect(again.code).toBe(42900);
    expect(again.msg).toBe(MESSAGES.account.smsTooFrequent);
    for (let i = 1; i < 10; i++) {
      time.advance(61_000);
      expect((await sendCode(t, client, phone)).code).toBe(0);
    }
    time.advance(61_000);
    expect((await sendCode(t, client, phone)).msg).toBe(MESSAGES.account.smsTooFrequent);
    expect(await t.prisma.smsOutbox.count({ where: { phone } })).toBe(10);
    time.advance(24 * 3_600_000);
    expect((await sendCode(t, client, phone)).code).toBe(0);
  });

  it('refuses duplicates, weak passwords, wrong codes and a subject of another stage, changing nothing', async () => {
    const client = t.client();
    const phone = '13700000003';
    expect((await sendCode(t, client, phone)).code).toBe(0);
    const code = await latestCode(t, phone);
    const base: Applicant = { realName: '钱多多', userName: 'qianduo', phone, school: 'hdsy' };
    const cases: [Partial<Applicant> & { code?: string; subjectOf?: string }, string][] = [
      [{ userName: 'LIJG' }, MESSAGES.registration.userNameTaken],
      [{ idCard: '110108199006180042' }, MESSAGES.registration.idCardTaken],
      [{ password: 'onlyletters' }, MESSAGES.registration.passwordWeak],
      [{ code: otherCode(code) }, MESSAGES.account.smsInvalid],
      [{ subjectOf: '初中' }, MESSAGES.registration.subjectInvalid],
    ];
    for (const [change, message] of cases) {
      const before = await fingerprint();
      const body = await registerBody(t, { ...base, ...change }, change.code ?? code);
      if (change.subjectOf) {
        const stage = await t.prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: change.subjectOf } });
        body.subjectId = (await t.prisma.dict.findFirstOrThrow({ where: { level: 2, parentId: stage.id } })).id;
      }
      const res = await client.call(routes.register, { body });
      expect(res.msg).toBe(message);
      expect([40000, 40900]).toContain(res.code);
      // A wrong code counts a try on the code row; nothing else changes.
      if (!change.code) expect(await fingerprint()).toBe(before);
    }
    expect(await t.prisma.user.count({ where: { userName: 'qianduo' } })).toBe(0);
    // The code is still good after all that.
    const ok = await client.call(routes.register, { body: await registerBody(t, base, code) });
    expect(ok.data.status).toBe('PENDING');
  });

  it('waits for the chosen school’s administrator, who alone (with the district) decides; login says why', async () => {
    const applicant = t.client();
    const pending = await registerThrough(t, applicant, {
      realName: '孙晓燕',
      userName: 'sunxy',
      phone: '13700000010',
      idCard: idCardOf('11010819950101002'),
      school: 'hdsy',
    });
    expect(pending.data.status).toBe('PENDING');
    expect((await applicant.call(routes.alreadyLogin)).data).toBe(false);
    const elsewhere = await registerThrough(t, t.client(), {
      realName: '周一鸣',
      userName: 'zhouym',
      phone: '13700000011',
      school: 'hdesz',
    });
    expect(elsewhere.data.status).toBe('PENDING');

    const waiting = await tryLogin(t, 'sunxy', 'Welcome2026');
    expect(waiting.code).toBe(40300);
    expect(waiting.msg).toBe(MESSAGES.registration.pendingLogin);
    // A wrong password on a pending account is just a wrong password.
    expect((await tryLogin(t, 'sunxy', 'Wrong2026x')).msg).toBe(MESSAGES.login.badCredentials);
    // Applicants are not in the user list.
    const admin = await loginAs(t, 'admin', 'Admin@2026');
    const users = await admin.call(routes.adminUserList, { query: { keyword: 'sunxy' } });
    expect(users.data.objList).toEqual([]);

    const zhaoxl = await loginAs(t, 'zhaoxl');
    const queue = await zhaoxl.call(routes.adminRegistrationList, { query: {} });
    expect(queue.data.policy).toBe('approval');
    expect(queue.data.objList.map((a) => a.userName)).toEqual(['qianduo', 'sunxy']);
    expect(queue.data.objList[1]).toMatchObject({
      schoolName: '海淀区实验小学',
      stageName: '小学',
      subjectName: '语文',
    });
    expect(queue.data.objList[1]?.idCard).toMatch(/^110108\*{8}\d{3}[\dX]$/);
    const all = await admin.call(routes.adminRegistrationList, { query: {} });
    expect(all.data.objList.map((a) => a.userName)).toEqual(['qianduo', 'sunxy', 'zhouym']);

    const sunxy = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'sunxy' } });
    const zhouym = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhouym' } });
    const teacher = await loginAs(t, 'lijg');
    const before = await fingerprint();
    const outside = await zhaoxl.call(routes.adminRegistrationDecide, { body: { id: zhouym.id, approve: true } });
    expect(outside.code).toBe(40300);
    expect((await teacher.call(routes.adminRegistrationDecide, { body: { id: sunxy.id, approve: true } })).code).toBe(
      40300,
    );
    const noReason = await zhaoxl.call(routes.adminRegistrationDecide, { body: { id: sunxy.id, approve: false } });
    expect(noReason.msg).toBe(MESSAGES.registration.reasonRequired);
    expect(await fingerprint()).toBe(before);

    const approved = await zhaoxl.call(routes.adminRegistrationDecide, { body: { id: sunxy.id, approve: true } });
    expect(approved.data).toEqual({ id: sunxy.id, status: 'ACTIVE' });
    const audit = await t.prisma.auditLog.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({ action: 'registration.approve', targetType: 'user', targetId: String(sunxy.id) });
    expect(audit.actorName).toContain('zhaoxl');
    expect((await latestSms(t, '13700000010'))?.content).toContain('已通过审核');
    const again = await zhaoxl.call(routes.adminRegistrationDecide, {
      body: { id: sunxy.id, approve: false, reason: 'x' },
    });
    expect(again.code).toBe(40900);
    expect(again.msg).toBe(MESSAGES.registration.notPending);
    expect((await tryLogin(t, 'sunxy', 'Welcome2026')).code).toBe(0);
    expect((await tryLogin(t, '13700000010', 'Welcome2026')).code).toBe(0);

    const rejected = await admin.call(routes.adminRegistrationDecide, {
      body: { id: zhouym.id, approve: false, reason: '非本区教师' },
    });
    expect(rejected.data.status).toBe('REJECTED');
    expect((await t.prisma.auditLog.findFirstOrThrow({ orderBy: { id: 'desc' } })).action).toBe('registration.reject');
    expect((await latestSms(t, '13700000011'))?.content).toContain('非本区教师');
    const refused = await tryLogin(t, 'zhouym', 'Welcome2026');
    expect(refused.code).toBe(40300);
    expect(refused.msg).toBe(MESSAGES.registration.rejectedLogin);
    // The refused phone cannot simply apply again.
    time.advance(61_000);
    expect((await sendCode(t, t.client(), '13700000011')).msg).toBe(MESSAGES.registration.phoneRejected);
  });

  describe('forgot password', () => {
    const sendReset = async (client: Client, account: string) =>
      client.call(routes.forgotPasswordSendCode, {
        body: { account, verifyImageResult: await solveCaptcha(t, client.call) },
      });

    it('answers alike for known and unknown accounts, texting only the real one', async () => {
      time.advance(24 * 3_600_000);
      const client = t.client();
      const outboxBefore = await t.prisma.smsOutbox.count();
      const known = await sendReset(client, 'lijg');
      const unknown = await sendReset(client, 'nobody.here');
      const pendingOne = await sendReset(client, 'qianduo'); // an applicant cannot recover either
      for (const res of [known, unknown, pendingOne]) {
        expect(res.code).toBe(0);
        expect(Object.keys(res.data).sort()).toEqual(['expiresInSeconds', 'maskedPhone', 'resendInSeconds']);
        expect(res.data.maskedPhone).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
        expect({ ...res, data: { ...res.data, maskedPhone: '' } }).toEqual({
          ...known,
          data: { ...known.data, maskedPhone: '' },
        });
      }
      expect(known.data.maskedPhone).toBe('139****5602');
      expect(await t.prisma.smsOutbox.count()).toBe(outboxBefore + 1);
      expect((await latestSms(t, '13912345602'))?.content).toContain('找回');

      // Asking again at once: the same refusal for both; a minute later the same stand-in phone.
      const knownAgain = await sendReset(client, 'lijg');
      const unknownAgain = await sendReset(client, 'nobody.here');
      expect(knownAgain.msg).toBe(MESSAGES.account.smsTooFrequent);
      expect(unknownAgain).toEqual(knownAgain);
      time.advance(61_000);
      expect((await sendReset(client, 'nobody.here')).data.maskedPhone).toBe(unknown.data.maskedPhone);
      // By phone or ID number it reaches the same account.
      expect((await sendReset(client, '110108199006180042')).data.maskedPhone).toBe('139****5602');
    });

    it('sets the new password with the code once, ends every session, and changes nothing on bad input', async () => {
      time.advance(61_000);
      const session = await loginAs(t, 'zhangxm');
      const client = t.client();
      const sent = await sendReset(client, '13912345601');
      expect(sent.data.maskedPhone).toBe('139****5601');
      const code = await latestCode(t, '13912345601');
      const passwordBefore = (await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } })).passwordHash;

      const weak = await client.call(routes.forgotPasswordReset, {
        body: { account: 'zhangxm', code, password: enc('short1') },
      });
      expect(weak.msg).toBe(MESSAGES.registration.passwordWeak);
      const wrong = await client.call(routes.forgotPasswordReset, {
        body: { account: 'zhangxm', code: otherCode(code), password: enc('Recovered2026') },
      });
      expect(wrong.msg).toBe(MESSAGES.account.smsInvalid);
      const stranger = await client.call(routes.forgotPasswordReset, {
        body: { account: 'nobody.here', code, password: enc('Recovered2026') },
      });
      expect(stranger).toEqual(wrong);
      expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } })).passwordHash).toBe(
        passwordBefore,
      );
      expect((await session.call(routes.alreadyLogin)).data).toBe(true);

      const ok = await client.call(routes.forgotPasswordReset, {
        body: { account: 'zhangxm', code, password: enc('Recovered2026') },
      });
      expect(ok.code).toBe(0);
      expect((await session.call(routes.alreadyLogin)).data).toBe(false);
      expect((await tryLogin(t, 'zhangxm', 'Teacher@2026')).msg).toBe(MESSAGES.login.badCredentials);
      const reuse = await client.call(routes.forgotPasswordReset, {
        body: { account: 'zhangxm', code, password: enc('Another2026') },
      });
      expect(reuse.msg).toBe(MESSAGES.account.smsInvalid);
      expect((await tryLogin(t, 'zhangxm', 'Recovered2026')).code).toBe(0);
    });

    it('burns a code after 5 wrong tries', async () => {
      time.advance(61_000);
      const client = t.client();
      await sendReset(client, 'liujy');
      const code = await latestCode(t, '13912345605');
      for (let i = 0; i < 5; i++) {
        await client.call(routes.forgotPasswordReset, {
          body: { account: 'liujy', code: otherCode(code), password: enc('Recovered2026') },
        });
      }
      const late = await client.call(routes.forgotPasswordReset, {
        body: { account: 'liujy', code, password: enc('Recovered2026') },
      });
      expect(late.msg).toBe(MESSAGES.account.smsInvalid);
    });
  });
});

describe('open policy', () => {
  let t: TestApp;
  testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false', REGISTRATION_POLICY: 'open' } });

  it('activates the account at once and logs the new teacher in', async () => {
    const client = t.client();
    const res = await registerThrough(t, client, {
      realName: '吴小凡',
      userName: 'wuxf',
      phone: '13700000020',
      school: 'zgcyx',
    });
    expect(res.data.status).toBe('ACTIVE');
    expect((await client.call(routes.alreadyLogin)).data).toBe(true);
    const user = await t.prisma.user.findUniqueOrThrow({
      where: { userName: 'wuxf' },
      include: { roles: { include: { role: true } } },
    });
    expect(user.roles.map((r) => r.role.code)).toEqual(['teacher']);
    expect(user.memberId).toBe(res.data.memberId);
    expect((await tryLogin(t, 'wuxf', 'Welcome2026')).code).toBe(0);
  });
});

describe('roster policy', () => {
  let t: TestApp;
  testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false', REGISTRATION_POLICY: 'roster' } });

  it('admits only teachers on the imported allow-list (name with phone or ID number)', async () => {
    const idCard = idCardOf('11010819900303004');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'allowlist-'));
    const file = path.join(dir, 'list.csv');
    writeFileSync(file, `realName,phone,idCard\n郑好,13700000030,\n冯远,,${idCard}\n坏行,12345,\n`, 'utf8');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const command = registrationCommands['import-allowlist']!;
      expect(await runCommand(t.app, 'import-allowlist', command, [file, '--dry-run'])).toBe(2);
      expect(await t.prisma.registrationAllowlist.count()).toBe(0);
      expect(await runCommand(t.app, 'import-allowlist', command, [file])).toBe(2);
      expect(await t.prisma.registrationAllowlist.count()).toBe(2);
      // Idempotent.
      expect(await runCommand(t.app, 'import-allowlist', command, [file])).toBe(2);
      expect(await t.prisma.registrationAllowlist.count()).toBe(2);
      expect(log.mock.calls.flat().join('\n')).toContain('第 4 行（12345）：手机号格式不正确');
    } finally {
      log.mockRestore();
    }
    const audit = await t.prisma.auditLog.findMany({ where: { action: 'cli.import-allowlist' } });
    expect(audit).toHaveLength(3);

    const stranger = await registerThrough(t, t.client(), {
      realName: '郑好坏',
      userName: 'zhenghh',
      phone: '13700000031',
      school: 'hdsy',
    });
    expect(stranger.code).toBe(40300);
    expect(stranger.msg).toBe(MESSAGES.registration.notOnRoster);
    // The right phone with another name is not enough either.
    const wrongName = t.client();
    const sent = await sendCode(t, wrongName, '13700000030');
    expect(sent.code).toBe(0);
    const code = await latestCode(t, '13700000030');
    const misnamed = await wrongName.call(routes.register, {
      body: await registerBody(t, { realName: '郑坏', userName: 'zhengh', phone: '13700000030', school: 'hdsy' }, code),
    });
    expect(misnamed.msg).toBe(MESSAGES.registration.notOnRoster);
    const byPhone = await wrongName.call(routes.register, {
      body: await registerBody(
        t,
        { realName: '郑好', userName: 'zhenghao', phone: '13700000030', school: 'hdsy' },
        code,
      ),
    });
    expect(byPhone.data.status).toBe('ACTIVE');
    const byId = await registerThrough(t, t.client(), {
      realName: '冯远',
      userName: 'fengyuan',
      phone: '13700000032',
      idCard,
      school: 'hdesz',
    });
    expect(byId.data.status).toBe('ACTIVE');
  });
});
