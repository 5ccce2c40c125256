import { randomInt } from 'node:crypto';
import { ERRORS, encryptPassword, MESSAGES, routes, withIdCardCheck } from '@zyk/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyCommands } from '../../apps/api/src/cli/verify-commands.ts';
import { unlockPayPassword } from '../../apps/api/src/modules/commerce/pay-password.ts';
import { createVerificationAdmin, isIdentityVerified } from '../../apps/api/src/modules/commerce/verification.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { DEMO_PASSWORD, loginAs, TRANSPORT_KEY } from '../support/auth.ts';
import { runBare } from '../support/cli.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

type Client = Awaited<ReturnType<typeof loginAs>>;

let t: TestApp;
let lijg: Client;
let zhang: Client;
let admin: Client;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  [lijg, zhang, admin] = await Promise.all([
    loginAs(t, 'lijg'),
    loginAs(t, 'zhangxm'),
    loginAs(t, 'admin', 'Admin@2026'),
  ]);
});

const userId = async (userName: string) => (await t.prisma.user.findUniqueOrThrow({ where: { userName } })).id;
const enc = (plain: string) => encryptPassword(plain, TRANSPORT_KEY);
const CHINESE = /[\u4e00-\u9fff]/;

/** A stored image as an upload leaves it, with a real file id (26 base32 characters). */
const makeImage = async (userName: string, kind = 'image') => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const id = Array.from({ length: 26 }, () => alphabet[randomInt(32)]).join('');
  return t.prisma.storedFile.create({
    data: {
      id,
      ownerId: await userId(userName),
      storageKey: `test/${id}`,
      originalName: kind === 'image' ? '身份证.jpg' : '说明.docx',
      size: 2048n,
      mimeType: kind === 'image' ? 'image/jpeg' : 'application/octet-stream',
      extension: kind === 'image' ? 'jpg' : 'docx',
      kind,
      sha256: '0'.repeat(64),
    },
  });
};

const twoImages = async (userName: string) => {
  const [front, back] = [await makeImage(userName), await makeImage(userName)];
  return { frontFileId: front.id, backFileId: back.id };
};

const LIJG_ID = '110108199006180042';

describe('identity verification', () => {
  it('submits, is rejected with a reason, resubmits and is approved; each step tells the user', async () => {
    const uid = await userId('lijg');
    expect((await lijg.call(routes.verifyAccountInfo)).data).toMatchObject({ status: 'NONE', canSubmit: true });
    expect(await isIdentityVerified(t.prisma, uid)).toBe(false);

    const images = await twoImages('lijg');
    const sent = await lijg.call(routes.verifyAccountUpload, {
      body: { realName: ' 李建国 ', idCard: LIJG_ID, ...images },
    });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({
      status: 'PENDING',
      realName: '李*国',
      idCard: '1101**********0042',
      reviewNote: null,
      canSubmit: false,
    });
    // A second request while one is pending is a conflict.
    const again = await lijg.call(routes.verifyAccountUpload, {
      body: { realName: '李建国', idCard: LIJG_ID, ...(await twoImages('lijg')) },
    });
    expect(again.code).toBe(ERRORS.CONFLICT.code);
    expect(again.msg).toBe(MESSAGES.verification.pending);

    const verifications = createVerificationAdmin(t.prisma);
    const [pending] = (await verifications.pending()).filter((v) => v.userId === uid);
    expect(pending).toMatchObject({ realName: '李建国', idCard: LIJG_ID, ...images });
    await verifications.reject(pending!.id, '身份证照片模糊');
    await expect(verifications.reject(pending!.id, '重复处理')).rejects.toThrow('已处理过');
    const rejected = await lijg.call(routes.verifyAccountInfo);
    expect(rejected.data).toMatchObject({ status: 'REJECTED', reviewNote: '身份证照片模糊', canSubmit: true });
    expect(rejected.data.reviewedAt).not.toBeNull();

    const resent = await lijg.call(routes.verifyAccountUpload, {
      body: { realName: '李建国', idCard: LIJG_ID, ...(await twoImages('lijg')) },
    });
    expect(resent.data.status).toBe('PENDING');
    const [second] = (await verifications.pending()).filter((v) => v.userId === uid);
    await verifications.approve(second!.id);
    expect((await lijg.call(routes.verifyAccountInfo)).data).toMatchObject({ status: 'APPROVED', canSubmit: false });
    expect(await isIdentityVerified(t.prisma, uid)).toBe(true);

    const after = await lijg.call(routes.verifyAccountUpload, {
      body: { realName: '李建国', idCard: LIJG_ID, ...(await twoImages('lijg')) },
    });
    expect(after.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(after.msg).toBe(MESSAGES.verification.approved);

    const messages = await lijg.call(routes.messageList, { query: { current: 1, size: 10, type: 'review' } });
    const results = messages.data.objList.filter((m) => m.title.startsWith('实名认证结果'));
    expect(results.map((m) => m.title)).toEqual(['实名认证结果：已通过', '实名认证结果：未通过']);
    expect(results[1]!.content).toContain('身份证照片模糊');
  });

  it('lets exactly one of 10 concurrent submissions through', async () => {
    const user = await loginAs(t, 'wangcy');
    const bodies = await Promise.all(
      Array.from({ length: 10 }, async () => ({
        realName: '王春燕',
        idCard: '310104198809220033',
        ...(await twoImages('wangcy')),
      })),
    );
    const answers = await Promise.all(bodies.map((body) => user.call(routes.verifyAccountUpload, { body })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ERRORS.CONFLICT.code)).toHaveLength(9);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.msg === MESSAGES.verification.pending)).toBe(true);
    expect(await t.prisma.identityVerification.count({ where: { userId: await userId('wangcy') } })).toBe(1);
  });

  it("keeps a user's verification and ID photos from everybody else", async () => {
    const liu = await loginAs(t, 'liujy');
    const images = await twoImages('liujy');
    const sent = await liu.call(routes.verifyAccountUpload, {
      body: { realName: '刘佳怡', idCard: '320102198707140066', ...images },
    });
    expect(sent.data.status).toBe('PENDING');

    // Another user sees only their own (nothing), and cannot use the photos.
    expect((await zhang.call(routes.verifyAccountInfo)).data.status).toBe('NONE');
    const before = await databaseFingerprint(t.databaseUrl);
    const stolen = await zhang.call(routes.verifyAccountUpload, {
      body: { realName: '张晓梅', idCard: '110105198503120020', ...images },
    });
    expect(stolen.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(stolen.msg).toBe(MESSAGES.verification.badImage);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);

    // The photos: their owner and administrators may read them, nobody else.
    const fileInfo = { ...routes.fileInfo, path: routes.fileInfo.path.replace(':id', images.frontFileId) };
    expect((await liu.call(fileInfo)).code).toBe(0);
    expect((await admin.call(fileInfo)).code).toBe(0);
    expect((await zhang.call(fileInfo)).code).toBe(ERRORS.FORBIDDEN.code);
    expect((await t.client().call(fileInfo)).code).toBe(ERRORS.UNAUTHORIZED.code);

    // An ID-card number verified for one account cannot be verified for another.
    const verifications = createVerificationAdmin(t.prisma);
    const liuId = await userId('liujy');
    const [mine] = (await verifications.pending()).filter((v) => v.userId === liuId);
    await verifications.approve(mine!.id);
    const copy = await zhang.call(routes.verifyAccountUpload, {
      body: { realName: '刘佳怡', idCard: '320102198707140066', ...(await twoImages('zhangxm')) },
    });
    expect(copy.code).toBe(ERRORS.CONFLICT.code);
    expect(copy.msg).toBe(MESSAGES.verification.idCardTaken);
    expect(await isIdentityVerified(t.prisma, await userId('zhangxm'))).toBe(false);
  });

  it('refuses bad submissions with a Chinese message and changes nothing', async () => {
    const user = await loginAs(t, 'chensy');
    const images = await twoImages('chensy');
    const document = await makeImage('chensy', 'document');
    const valid = { realName: '陈思远', idCard: '440305199201050014', ...images };
    const wrongCheck = `${valid.idCard.slice(0, 17)}${valid.idCard[17] === '1' ? '2' : '1'}`;
    const before = await databaseFingerprint(t.databaseUrl);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...valid, realName: 'Chen Siyuan' }, /真实姓名须为 2-20 个汉字/],
      [{ ...valid, realName: '陈' }, /真实姓名须为 2-20 个汉字/],
      [{ ...valid, realName: '陈'.repeat(21) }, /真实姓名须为 2-20 个汉字/],
      [{ ...valid, realName: '·陈思远' }, /真实姓名须为 2-20 个汉字/],
      [{ ...valid, idCard: wrongCheck }, /请输入正确的 18 位身份证号/],
      [{ ...valid, idCard: '44030519920105001' }, /请输入正确的 18 位身份证号/],
      [{ ...valid, frontFileId: 'not-a-file' }, /请上传身份证人像面照片/],
      [{ ...valid, backFileId: undefined }, /请上传身份证国徽面照片/],
      [{ ...valid, backFileId: document.id }, MESSAGES.verification.badImage],
      [{ ...valid, backFileId: valid.frontFileId }, MESSAGES.verification.sameImage],
    ];
    for (const [body, message] of cases) {
      const res = await user.call(routes.verifyAccountUpload, { body: body as never });
      expect(res.code, JSON.stringify(body)).toBe(ERRORS.BAD_REQUEST.code);
      expect(res.msg).toMatch(message);
      expect(res.msg).toMatch(CHINESE);
    }
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
    // A minority name with the middle dot, and a lower-case x check character, are fine.
    const ok = await user.call(routes.verifyAccountUpload, {
      body: { ...valid, realName: '阿卜杜·热合曼', idCard: withIdCardCheck('11010519491231002').toLowerCase() },
    });
    expect(ok.data).toMatchObject({ status: 'PENDING', realName: '阿**·**曼' });
  });

  it('answers 401 to visitors on every verification call', async () => {
    const visitor = t.client();
    expect((await visitor.call(routes.verifyAccountInfo)).code).toBe(ERRORS.UNAUTHORIZED.code);
    expect((await visitor.call(routes.payPasswordStatus)).code).toBe(ERRORS.UNAUTHORIZED.code);
    expect((await visitor.call(routes.payPasswordCheck, { body: { password: enc('285714') } })).code).toBe(
      ERRORS.UNAUTHORIZED.code,
    );
  });
});

describe('pay password', () => {
  const PAY = '285714';

  it('is set with the login password and must be six digits, not repeated or sequential', async () => {
    const user = await loginAs(t, 'zhangxm');
    expect((await user.call(routes.payPasswordStatus)).data).toEqual({ payPasswordSet: false, locked: false });
    const notSet = await user.call(routes.payPasswordCheck, { body: { password: enc(PAY) } });
    expect(notSet.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(notSet.msg).toBe(MESSAGES.payPassword.notSet);

    const before = await databaseFingerprint(t.databaseUrl);
    const refused: [string, string, string][] = [
      ['Wrong@2026', PAY, MESSAGES.payPassword.loginPasswordWrong],
      [DEMO_PASSWORD, '12345', MESSAGES.payPassword.format],
      [DEMO_PASSWORD, '1234567', MESSAGES.payPassword.format],
      [DEMO_PASSWORD, 'abcdef', MESSAGES.payPassword.format],
      [DEMO_PASSWORD, '111111', MESSAGES.payPassword.weak],
      [DEMO_PASSWORD, '123456', MESSAGES.payPassword.weak],
      [DEMO_PASSWORD, '654321', MESSAGES.payPassword.weak],
      [DEMO_PASSWORD, '345678', MESSAGES.payPassword.weak],
    ];
    for (const [login, pay, message] of refused) {
      const res = await user.call(routes.verifyAccountChangePassword, {
        body: { loginPassword: enc(login), payPassword: enc(pay) },
      });
      expect(res.code, `${login} ${pay}`).toBe(ERRORS.BAD_REQUEST.code);
      expect(res.msg).toBe(message);
    }
    // Not encrypted with the transport key: refused the same way.
    const plain = await user.call(routes.verifyAccountChangePassword, {
      body: { loginPassword: DEMO_PASSWORD, payPassword: PAY },
    });
    expect(plain.msg).toBe(MESSAGES.payPassword.loginPasswordWrong);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);

    const set = await user.call(routes.verifyAccountChangePassword, {
      body: { loginPassword: enc(DEMO_PASSWORD), payPassword: enc(PAY) },
    });
    expect(set.data).toEqual({ payPasswordSet: true, locked: false });
    const row = await t.prisma.payAccount.findUniqueOrThrow({ where: { userId: await userId('zhangxm') } });
    expect(row.payPasswordHash).toMatch(/^\$argon2id\$/);
    expect(row.payPasswordHash).not.toContain(PAY);
    expect((await user.call(routes.payPasswordCheck, { body: { password: enc(PAY) } })).data).toMatchObject({
      valid: true,
    });
    // Another user's status is their own.
    expect((await admin.call(routes.payPasswordStatus)).data).toEqual({ payPasswordSet: false, locked: false });
  });

  it('counts consecutive failures, is reset by a success, and locks after the fifth', async () => {
    const user = await loginAs(t, 'liujy');
    await user.call(routes.verifyAccountChangePassword, {
      body: { loginPassword: enc(DEMO_PASSWORD), payPassword: enc(PAY) },
    });
    const check = (password: string) => user.call(routes.payPasswordCheck, { body: { password: enc(password) } });
    for (const left of [4, 3, 2, 1]) expect((await check('000001')).msg).toBe(MESSAGES.payPassword.wrong(left));
    expect((await check(PAY)).code).toBe(0);
    for (const left of [4, 3, 2, 1]) expect((await check('000001')).msg).toBe(MESSAGES.payPassword.wrong(left));
    const fifth = await check('000001');
    expect(fifth.code).toBe(ERRORS.RATE_LIMITED.code);
    expect(fifth.msg).toBe(MESSAGES.payPassword.locked);
    // Locked: even the right password is refused, and the account's status says so.
    expect((await check(PAY)).msg).toBe(MESSAGES.payPassword.locked);
    expect((await user.call(routes.payPasswordStatus)).data).toEqual({ payPasswordSet: true, locked: true });

    // The administrator lifts the lock.
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(await runBare(verifyCommands['pay-password-unlock']!, t.app, ['liujy'])).toBe(0);
      expect(log).toHaveBeenCalledWith('已解除 liujy 的支付密码锁定');
    } finally {
      log.mockRestore();
    }
    expect((await check(PAY)).code).toBe(0);
    expect(await unlockPayPassword(t.prisma, await userId('chensy'))).toBe(false);
  });

  it('counts 20 concurrent wrong attempts correctly: four warnings, then the lock; a lock expires after 15 minutes', async () => {
    const user = await loginAs(t, 'wangcy');
    await user.call(routes.verifyAccountChangePassword, {
      body: { loginPassword: enc(DEMO_PASSWORD), payPassword: enc(PAY) },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => user.call(routes.payPasswordCheck, { body: { password: enc('000002') } })),
    );
    const warnings = answers.filter((a) => a.code === ERRORS.BAD_REQUEST.code).map((a) => a.msg);
    expect(warnings.sort()).toEqual([1, 2, 3, 4].map((n) => MESSAGES.payPassword.wrong(n)).sort());
    const locked = answers.filter((a) => a.code === ERRORS.RATE_LIMITED.code);
    expect(locked).toHaveLength(16);
    expect(locked.every((a) => a.msg === MESSAGES.payPassword.locked)).toBe(true);

    const uid = await userId('wangcy');
    const row = await t.prisma.payAccount.findUniqueOrThrow({ where: { userId: uid } });
    expect(row.failedAttempts).toBe(5);
    const minutes = (row.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect((await user.call(routes.payPasswordCheck, { body: { password: enc(PAY) } })).code).toBe(
      ERRORS.RATE_LIMITED.code,
    );

    // Fifteen minutes later the lock is over and the count starts afresh.
    await t.prisma.payAccount.update({ where: { userId: uid }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await user.call(routes.payPasswordStatus)).data.locked).toBe(false);
    expect((await user.call(routes.payPasswordCheck, { body: { password: enc('000002') } })).msg).toBe(
      MESSAGES.payPassword.wrong(4),
    );
    expect((await user.call(routes.payPasswordCheck, { body: { password: enc(PAY) } })).code).toBe(0);
    const after = await t.prisma.payAccount.findUniqueOrThrow({ where: { userId: uid } });
    expect(after).toMatchObject({ failedAttempts: 0, lockedUntil: null });

    // Setting a new pay password (with the login password) also clears a lock.
    await Promise.all(
      Array.from({ length: 6 }, () => user.call(routes.payPasswordCheck, { body: { password: enc('000002') } })),
    );
    expect((await user.call(routes.payPasswordStatus)).data.locked).toBe(true);
    const reset = await user.call(routes.verifyAccountChangePassword, {
      body: { loginPassword: enc(DEMO_PASSWORD), payPassword: enc('902817') },
    });
    expect(reset.data).toEqual({ payPasswordSet: true, locked: false });
    expect((await user.call(routes.payPasswordCheck, { body: { password: enc('902817') } })).code).toBe(0);
    expect((await user.call(routes.payPasswordCheck, { body: { password: enc(PAY) } })).msg).toBe(
      MESSAGES.payPassword.wrong(4),
    );
  });

  it("one user's failures never lock another user", async () => {
    const other = await loginAs(t, 'zhangxm');
    expect((await other.call(routes.payPasswordCheck, { body: { password: enc(PAY) } })).code).toBe(0);
    expect((await other.call(routes.payPasswordStatus)).data.locked).toBe(false);
  });
});

describe('phone change from the wallet security page', () => {
  const latestCode = async (phone: string) => {
    const row = await t.prisma.smsOutbox.findFirstOrThrow({ where: { phone }, orderBy: { id: 'desc' } });
    return /验证码 (\d{6})/.exec(row.content)![1]!;
  };

  it('changes the phone with the SMS code; another user cannot use that code', async () => {
    const user = await loginAs(t, 'chensy');
    const phone = '13755556001';
    expect((await user.call(routes.confirmPhoneRand, { query: { phone } })).code).toBe(0);
    const code = await latestCode(phone);
    const wrongCode = code === '000000' ? '000001' : '000000';

    const before = await databaseFingerprint(t.databaseUrl);
    const foreign = await zhang.call(routes.verifyAccountChangePhone, { body: { phone, code } });
    expect(foreign.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(foreign.msg).toBe(MESSAGES.account.smsInvalid);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);

    const wrong = await user.call(routes.verifyAccountChangePhone, { body: { phone, code: wrongCode } });
    expect(wrong.msg).toBe(MESSAGES.account.smsInvalid);
    const bad = await user.call(routes.verifyAccountChangePhone, { body: { phone: '12345', code } });
    expect(bad.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(bad.msg).toContain(MESSAGES.account.phoneInvalid);

    const ok = await user.call(routes.verifyAccountChangePhone, { body: { phone, code } });
    expect(ok.data).toEqual({ phone });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'chensy' } })).phone).toBe(phone);
    const reuse = await user.call(routes.verifyAccountChangePhone, { body: { phone, code } });
    expect(reuse.msg).toBe(MESSAGES.account.smsInvalid);
  });
});

describe('admin commands', () => {
  it('lists pending verifications and decides them', async () => {
    const user = await loginAs(t, 'zhangxm');
    const images = await twoImages('zhangxm');
    await user.call(routes.verifyAccountUpload, {
      body: { realName: '张晓梅', idCard: '110105198503120020', ...images },
    });
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => {
      lines.push(line);
    });
    try {
      expect(await runBare(verifyCommands.verifications!, t.app, [])).toBe(0);
      const entry = lines.find((l) => l.includes('110105198503120020'));
      expect(entry).toContain('张晓梅 zhangxm');
      // Times are Beijing time, as the web shows them, not UTC ISO strings.
      expect(entry).toMatch(/，\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}）$/);
      expect(lines.join('\n')).toContain(`/api/file/info/${images.frontFileId}`);
      const id = /^#(\d+)/.exec(entry!)![1]!;
      await expect(runBare(verifyCommands['verification-reject']!, t.app, [id])).rejects.toThrow('缺少参数');
      await expect(runBare(verifyCommands['verification-approve']!, t.app, ['abc'])).rejects.toThrow('编号须为正整数');
      expect(await runBare(verifyCommands['verification-reject']!, t.app, [id, '姓名与证件', '不符'])).toBe(0);
    } finally {
      log.mockRestore();
    }
    const info = await user.call(routes.verifyAccountInfo);
    expect(info.data).toMatchObject({ status: 'REJECTED', reviewNote: '姓名与证件 不符' });
  });
});
