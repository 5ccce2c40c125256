import { encryptPassword, MESSAGES, routes } from '@zyk/shared';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_DECOY_REACH_PX,
  CAPTCHA_MAX_FAILURES,
  CAPTCHA_TOLERANCE_PX,
} from '../../apps/api/src/modules/captcha/service.ts';
import { startTestApp, type TestApp, testAppFor } from '../support/app.ts';
import { DEMO_PASSWORD, loginAs, solveCaptcha, TRANSPORT_KEY } from '../support/auth.ts';
import { dragOnlyProof, dropEvidence, proofFor } from '../support/captcha.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

let t: TestApp;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });

const enc = (password: string) => encryptPassword(password, TRANSPORT_KEY);
const puzzleOf = async (call: ReturnType<TestApp['client']>['call']) => {
  const res = await call(routes.getImgSwipe);
  const row = await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial: res.data.captchaSerialNumber } });
  return { ...res.data, x: row.x, y: row.y, decoyXs: row.decoyXs };
};
/** A drop as the page sends it: the answer with a hand's drag to it and the puzzle's proof of work. */
const drop = (captchaSerialNumber: string, moveEnd_X: number, wbili = 1) => ({
  captchaSerialNumber,
  moveEnd_X,
  wbili,
  ...dropEvidence(captchaSerialNumber, moveEnd_X),
});
const decodePng = (dataUrl: string) =>
  PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));

describe('slider captcha', () => {
  it('hands out a real puzzle: background with a hole, the piece, its y, a serial', async () => {
    const { call } = t.client();
    const p = await puzzleOf(call);
    const bg = decodePng(p.srcImage);
    const piece = decodePng(p.cutImage);
    expect([bg.width, bg.height]).toEqual([p.width, p.height]);
    expect(piece.width).toBeLessThan(bg.width / 3);
    expect(p.yposition).toBe(p.y);
    // The hole is darker than the same spot's surroundings; the piece is opaque in its middle, clear in a corner.
    const mid = ((p.y + 30) * bg.width + (p.x + 20)) * 4;
    const mid0 = (30 * piece.width + 20) * 4;
    expect(piece.data[mid0 + 3]).toBe(255);
    expect(piece.data[3]).toBe(0); // top-left corner lies outside the piece
    expect(bg.data[mid]!).toBeLessThan(piece.data[mid0]! + 1);
    const other = await puzzleOf(call);
    expect(other.captchaSerialNumber).not.toBe(p.captchaSerialNumber);
  });

  it('accepts the right offset (within tolerance) and refuses one just outside it', async () => {
    const { call } = t.client();
    const near = await puzzleOf(call);
    const ok = await call(routes.rstImgSwipe, {
      body: drop(near.captchaSerialNumber, near.x + CAPTCHA_TOLERANCE_PX),
    });
    expect(ok.data).toBe(1);
    const far = await puzzleOf(call);
    const miss = await call(routes.rstImgSwipe, {
      body: drop(far.captchaSerialNumber, far.x + CAPTCHA_TOLERANCE_PX + 1),
    });
    expect(miss.data).toBe(0);
  });

  it('uses a puzzle up at once when the drop chose a decoy hole; just beside a decoy is an ordinary miss', async () => {
    const { call } = t.client();
    const p = await puzzleOf(call);
    expect(p.decoyXs.length).toBeGreaterThan(0);
    const decoy = p.decoyXs[0]!;
    const onDecoy = await call(routes.rstImgSwipe, {
      body: drop(p.captchaSerialNumber, decoy + CAPTCHA_DECOY_REACH_PX),
    });
    expect(onDecoy.data).toBe(2);
    const row = await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial: p.captchaSerialNumber } });
    expect(row.failures).toBe(CAPTCHA_MAX_FAILURES);
    expect((await call(routes.rstImgSwipe, { body: drop(p.captchaSerialNumber, p.x) })).data).toBe(2);

    // One pixel past a decoy's reach, on a side clear of the other holes: one try of three.
    const q = await puzzleOf(call);
    const clear = (x: number) =>
      Math.abs(x - q.x) > CAPTCHA_TOLERANCE_PX && q.decoyXs.every((d) => Math.abs(x - d) > CAPTCHA_DECOY_REACH_PX);
    const beside = [q.decoyXs[0]! - CAPTCHA_DECOY_REACH_PX - 1, q.decoyXs[0]! + CAPTCHA_DECOY_REACH_PX + 1].find(
      clear,
    )!;
    expect((await call(routes.rstImgSwipe, { body: drop(q.captchaSerialNumber, beside) })).data).toBe(0);
    expect((await call(routes.rstImgSwipe, { body: drop(q.captchaSerialNumber, q.x) })).data).toBe(1);
  });

  it('scales the offset by wbili (the displayed / natural width ratio)', async () => {
    const { call } = t.client();
    const p = await puzzleOf(call);
    const res = await call(routes.rstImgSwipe, {
      body: drop(p.captchaSerialNumber, p.x * 1.5, 1.5),
    });
    expect(res.data).toBe(1);
  });

  it('refuses a replay of a verified serial and an expired one', async () => {
    const { call } = t.client();
    const p = await puzzleOf(call);
    const body = drop(p.captchaSerialNumber, p.x);
    expect((await call(routes.rstImgSwipe, { body })).data).toBe(1);
    expect((await call(routes.rstImgSwipe, { body })).data).toBe(2);
    const old = await puzzleOf(call);
    await t.prisma.captchaChallenge.update({
      where: { serial: old.captchaSerialNumber },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await call(routes.rstImgSwipe, { body: drop(old.captchaSerialNumber, old.x) });
    expect(expired.data).toBe(2);
    const unknown = await call(routes.rstImgSwipe, { body: { captchaSerialNumber: 'nope', moveEnd_X: 10, wbili: 1 } });
    expect(unknown.data).toBe(2);
  });

  it('counts a right drop no person made as a miss: no drag or proof, a straight glide, a keyboard answer underpaid', async () => {
    const { call } = t.client();
    const p = await puzzleOf(call);
    const serial = p.captchaSerialNumber;
    const answer = { captchaSerialNumber: serial, moveEnd_X: p.x, wbili: 1 };
    const glide = Array.from({ length: 21 }, (_, i) => [(p.x * i) / 20, i % 2, i * 20] as [number, number, number]);
    const bare = await call(routes.rstImgSwipe, { body: answer });
    const gliding = await call(routes.rstImgSwipe, { body: { ...answer, track: glide, nonce: proofFor(serial) } });
    expect([bare.data, gliding.data]).toEqual([0, 0]);
    const keyboard = await call(routes.rstImgSwipe, { body: { ...answer, nonce: dragOnlyProof(serial) } });
    expect(keyboard.data).toBe(2); // the third miss: the puzzle is used up
    expect((await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } })).failures).toBe(3);
    expect((await call(routes.rstImgSwipe, { body: drop(serial, p.x) })).data).toBe(2);

    // The keyboard's answer with its own, larger proof passes.
    const q = await puzzleOf(call);
    const byKeyboard = await call(routes.rstImgSwipe, {
      body: {
        captchaSerialNumber: q.captchaSerialNumber,
        moveEnd_X: q.x,
        wbili: 1,
        nonce: proofFor(q.captchaSerialNumber, 'keyboard'),
      },
    });
    expect(byKeyboard.data).toBe(1);
  });

  it(`cuts off brute force: after ${CAPTCHA_MAX_FAILURES} misses even the right offset needs a new puzzle`, async () => {
    const { call } = t.client();
    const p = await puzzleOf(call);
    const guesses = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => call(routes.rstImgSwipe, { body: drop(p.captchaSerialNumber, 10 + i) })),
    );
    expect(guesses.filter((g) => g.data === 0).length).toBeLessThanOrEqual(CAPTCHA_MAX_FAILURES - 1);
    const right = await call(routes.rstImgSwipe, { body: drop(p.captchaSerialNumber, p.x) });
    expect(right.data).toBe(2);
  });

  it('locks out a client that keeps missing, across puzzles', async () => {
    const app = await startTestApp({ env: { RATE_LIMITS: 'false' } });
    try {
      const { call } = app.client();
      for (let i = 0; i < 7; i++) {
        const res = await call(routes.getImgSwipe);
        for (let k = 0; k < 3; k++) {
          await call(routes.rstImgSwipe, {
            body: { captchaSerialNumber: res.data.captchaSerialNumber, moveEnd_X: 1, wbili: 1 },
          });
        }
      }
      const refused = await call(routes.getImgSwipe);
      expect(refused.success).toBe(false);
      expect(refused.msg).toBe(MESSAGES.captcha.tooMany);
    } finally {
      await app.close();
    }
  });
});

describe('login', () => {
  const login = async (username: string, password: string, captcha?: Awaited<ReturnType<typeof solveCaptcha>>) => {
    const client = t.client();
    const verifyImageResult = captcha ?? (await solveCaptcha(t, client.call));
    const res = await client.call(routes.newLogin, { body: { username, password: enc(password), verifyImageResult } });
    return { ...client, res };
  };

  it.each([
    ['user name', 'lijg'],
    ['phone number', '13912345602'],
    ['ID-card number', '110108199006180042'],
    ['user name with spaces around it', '  lijg  '],
  ])('logs in by %s and answers the member id', async (_label, identifier) => {
    const { res, call } = await login(identifier, DEMO_PASSWORD);
    expect(res).toMatchObject({ code: 0, success: true });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
    expect(res.data).toBe(user.memberId);
    expect((await call(routes.alreadyLogin)).data).toBe(true);
  });

  it('gives one message for an unknown account and a wrong password', async () => {
    const unknown = await login('nobody', DEMO_PASSWORD);
    const wrong = await login('zhangxm', 'Wrong@2026');
    const badId = await login('110108199006180043', DEMO_PASSWORD); // check digit wrong
    for (const { res } of [unknown, wrong, badId]) {
      expect(res).toMatchObject({ success: false, msg: MESSAGES.login.badCredentials });
    }
    await t.prisma.loginThrottle.deleteMany({});
  });

  it.each([
    [{ username: '   ', password: 'x' }, MESSAGES.login.accountRequired],
    [{ password: 'x' }, MESSAGES.login.accountRequired],
    [{ username: 'lijg', password: '' }, MESSAGES.login.passwordRequired],
    [{ username: 'lijg' }, MESSAGES.login.passwordRequired],
  ])('answers %j with the spec message', async (fields, msg) => {
    const { call } = t.client();
    const verifyImageResult = await solveCaptcha(t, call);
    const res = await fetch(`${t.url}/api/newLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, verifyImageResult }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe(msg);
  });

  it('requires the slider: missing, unverified, reused or moved puzzles are refused', async () => {
    for (const verifyImageResult of [{}, undefined, { captchaSerialNumber: 'x' }]) {
      const res = await fetch(`${t.url}/api/newLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'lijg', password: enc(DEMO_PASSWORD), verifyImageResult }),
      });
      expect((await res.json()).msg).toBe(MESSAGES.login.sliderRequired);
    }
    const missing = await fetch(`${t.url}/api/newLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lijg', password: enc(DEMO_PASSWORD), verifyImageResult: {} }),
    });
    expect((await missing.json()).msg).toBe(MESSAGES.login.sliderRequired);

    const { call } = t.client();
    const unverified = await puzzleOf(call);
    const r1 = await call(routes.newLogin, {
      body: {
        username: 'lijg',
        password: enc(DEMO_PASSWORD),
        verifyImageResult: { captchaSerialNumber: unverified.captchaSerialNumber, moveEnd_X: unverified.x, wbili: 1 },
      },
    });
    expect(r1.msg).toBe(MESSAGES.login.captchaInvalid);

    const solved = await solveCaptcha(t, call);
    const moved = await call(routes.newLogin, {
      body: {
        username: 'lijg',
        password: enc(DEMO_PASSWORD),
        verifyImageResult: { ...solved, moveEnd_X: solved.moveEnd_X + 1 },
      },
    });
    expect(moved.msg).toBe(MESSAGES.login.captchaInvalid);

    const once = await login('lijg', DEMO_PASSWORD, solved);
    expect(once.res.code).toBe(0);
    const twice = await login('lijg', DEMO_PASSWORD, solved);
    expect(twice.res.msg).toBe(MESSAGES.login.captchaInvalid);
  });

  it('a verified puzzle is consumed by exactly one of many concurrent logins', async () => {
    const { call } = t.client();
    const solved = await solveCaptcha(t, call);
    const results = await Promise.all(Array.from({ length: 8 }, () => login('zhangxm', DEMO_PASSWORD, solved)));
    expect(results.filter((r) => r.res.code === 0)).toHaveLength(1);
  });

  it('locks an account after 5 wrong passwords, also for the right one, until the lock expires', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('liujy', `Wrong${i}@2026`)).res.msg).toBe(MESSAGES.login.badCredentials);
    }
    const locked = await login('liujy', DEMO_PASSWORD);
    expect(locked.res).toMatchObject({ success: false, msg: MESSAGES.login.locked });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'liujy' } });
    await t.prisma.loginThrottle.update({
      where: { key: `account:${user.id}` },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    expect((await login('liujy', DEMO_PASSWORD)).res.code).toBe(0);
    await t.prisma.loginThrottle.deleteMany({});
  });

  it('refuses a disabled account only after a correct password', async () => {
    await t.prisma.user.update({ where: { userName: 'chensy' }, data: { status: 'DISABLED' } });
    try {
      expect((await login('chensy', 'Wrong@2026')).res.msg).toBe(MESSAGES.login.badCredentials);
      expect((await login('chensy', DEMO_PASSWORD)).res.msg).toBe(MESSAGES.login.accountDisabled);
    } finally {
      await t.prisma.user.update({ where: { userName: 'chensy' }, data: { status: 'ACTIVE' } });
      await t.prisma.loginThrottle.deleteMany({});
    }
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, Secure behind HTTPS', async () => {
    const { call } = t.client();
    const verifyImageResult = await solveCaptcha(t, call);
    const res = await fetch(`${t.url}/api/newLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'wangcy', password: enc(DEMO_PASSWORD), verifyImageResult }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('zyk_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    // The database keeps only a hash of the token.
    expect(await t.prisma.session.findUnique({ where: { id: token } })).toBeNull();

    const secureApp = await startTestApp({ env: { RATE_LIMITS: 'false', TRUST_PROXY: 'true' } });
    try {
      const c = secureApp.client();
      const solved = await solveCaptcha(secureApp, c.call);
      const r = await fetch(`${secureApp.url}/api/newLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ username: 'wangcy', password: enc(DEMO_PASSWORD), verifyImageResult: solved }),
      });
      expect(r.headers.getSetCookie().find((x) => x.startsWith('zyk_session='))).toMatch(/Secure/);
    } finally {
      await secureApp.close();
    }
  });

  it('issues a new session id at login (no fixation) and ends the old one', async () => {
    const client = await loginAs(t, 'zhangxm');
    const before = client.jar.get('zyk_session')!;
    const verifyImageResult = await solveCaptcha(t, client.call);
    await client.call(routes.newLogin, {
      body: { username: 'zhangxm', password: enc(DEMO_PASSWORD), verifyImageResult },
    });
    const after = client.jar.get('zyk_session')!;
    expect(after).not.toBe(before);
    const res = await fetch(`${t.url}/api/open/already/login`, { headers: { cookie: `zyk_session=${before}` } });
    expect((await res.json()).data).toBe(false);
  });

  it('logout ends the session on the server, not just in the browser', async () => {
    const client = await loginAs(t, 'zhangxm');
    const token = client.jar.get('zyk_session')!;
    expect((await client.call(routes.logout)).code).toBe(0);
    const replay = await fetch(`${t.url}/api/open/center/getRoleList`, { headers: { cookie: `zyk_session=${token}` } });
    expect(replay.status).toBe(401);
  });

  it('expires idle and over-age sessions', async () => {
    const client = await loginAs(t, 'zhangxm');
    const user = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } });
    await t.prisma.session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(Date.now() - 13 * 3_600_000) },
    });
    expect((await client.call(routes.alreadyLogin)).data).toBe(false);
    const again = await loginAs(t, 'zhangxm');
    await t.prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await again.call(routes.alreadyLogin)).data).toBe(false);
  });

  it('refuses the live session of an account disabled meanwhile', async () => {
    const client = await loginAs(t, 'liujy');
    expect((await client.call(routes.alreadyLogin)).data).toBeTruthy();
    await t.prisma.user.update({ where: { userName: 'liujy' }, data: { status: 'DISABLED' } });
    try {
      expect((await client.call(routes.alreadyLogin)).data).toBe(false);
    } finally {
      await t.prisma.user.update({ where: { userName: 'liujy' }, data: { status: 'ACTIVE' } });
    }
  });
});

describe('personal centre', () => {
  it('lists roles with the first role first, and the user info for it, masked', async () => {
    const { call } = await loginAs(t, 'lijg');
    const roles = await call(routes.getRoleList);
    expect(roles.data[0]).toMatchObject({ roleName: '教师', roleTypeId: 1 });
    const info = await call(routes.getCenterInfo, { query: { roleId: roles.data[0]!.roleId, roleTypeId: 1 } });
    expect(info.data).toMatchObject({
      realName: '李建国',
      userName: 'lijg',
      stageName: '初中',
      subjectName: '数学',
      phone: '139****5602',
      idCard: '110108********0042',
      roleName: '教师',
      wechatBound: false,
    });
    expect(info.data.scStage).toEqual(expect.any(Number));
  });

  it('refuses to show info or studios for a role that is not the user’s', async () => {
    const { call } = await loginAs(t, 'lijg');
    const admin = await t.prisma.role.findUniqueOrThrow({ where: { code: 'district_admin' } });
    const info = await call(routes.getCenterInfo, { query: { roleId: admin.id, roleTypeId: admin.roleTypeId } });
    expect(info).toMatchObject({ success: false, code: 40300 });
    const studios = await call(routes.getStudioList, { query: { roleId: admin.id, roleTypeId: admin.roleTypeId } });
    expect(studios.success).toBe(false);
    const own = await call(routes.getRoleList);
    const mine = await call(routes.getStudioList, {
      query: { roleId: own.data[0]!.roleId, roleTypeId: own.data[0]!.roleTypeId },
    });
    expect(mine.data.list.map((s) => s.name)).toContain('初中数学学科工作坊');
  });

  it('pages the user’s own projects only', async () => {
    const { call } = await loginAs(t, 'lijg');
    const page1 = await call(routes.getProjectPage, { query: { current: 1, size: 1 } });
    expect(page1.data.pageBean).toEqual({ current: 1, size: 1, totalCount: 2, totalPage: 2 });
    const page2 = await call(routes.getProjectPage, { query: { current: 2, size: 1 } });
    const names = [...page1.data.objList, ...page2.data.objList].map((p) => p.name);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    expect(names).not.toContain('高中物理实验探究能力培养的实践研究');
  });

  it('offers subjects of a stage and the administrative-division tree', async () => {
    const { call } = t.client();
    const stages = await call(routes.dictList, { query: { dictId: 0, dictLevel: 1 } });
    const senior = stages.data.find((s) => s.dictName === '高中')!;
    const subjects = await call(routes.getSubjectOption, { query: { stageId: senior.id! } });
    expect(subjects.data.map((s) => s.dictName)).toContain('通用技术');
    const all = await call(routes.getSubjectOption, { query: {} });
    expect(all.data.filter((s) => s.dictName === '语文')).toHaveLength(1);
    const provinces = await call(routes.getAreaDict, { query: {} });
    expect(provinces.data.map((a) => a.name)).toContain('江苏省');
    const cities = await call(routes.getAreaDict, { query: { parentCode: '320000' } });
    expect(cities.data).toContainEqual({ code: '320100', name: '南京市', level: 2, hasChildren: true });
    const districts = await call(routes.getAreaDict, { query: { parentCode: '320100' } });
    expect(districts.data.map((a) => a.name)).toContain('玄武区');
    expect(districts.data.every((d) => !d.hasChildren)).toBe(true);
  });
});

describe('account security', () => {
  it('changes the password with the old one, rejects weak ones, and ends the other sessions', async () => {
    const here = await loginAs(t, 'wangcy');
    const elsewhere = await loginAs(t, 'wangcy');
    const wrongOld = await here.call(routes.changePassword, {
      body: { oldPassword: enc('Nope@2026'), newPassword: enc('New@20260') },
    });
    expect(wrongOld.msg).toBe(MESSAGES.account.oldPasswordWrong);
    for (const weak of ['short1', 'onlyletters', '1234567890']) {
      const res = await here.call(routes.changePassword, {
        body: { oldPassword: enc(DEMO_PASSWORD), newPassword: enc(weak) },
      });
      expect(res.msg).toBe(MESSAGES.account.passwordWeak);
    }
    const same = await here.call(routes.changePassword, {
      body: { oldPassword: enc(DEMO_PASSWORD), newPassword: enc(DEMO_PASSWORD) },
    });
    expect(same.msg).toBe(MESSAGES.account.passwordSameAsOld);
    expect((await elsewhere.call(routes.alreadyLogin)).data).toBe(true);

    const ok = await here.call(routes.changePassword, {
      body: { oldPassword: enc(DEMO_PASSWORD), newPassword: enc('Spring2027') },
    });
    expect(ok.code).toBe(0);
    expect((await here.call(routes.alreadyLogin)).data).toBe(true);
    expect((await elsewhere.call(routes.alreadyLogin)).data).toBe(false);
    await expect(loginAs(t, 'wangcy')).rejects.toThrow(MESSAGES.login.badCredentials);
    await loginAs(t, 'wangcy', 'Spring2027');
    await t.prisma.loginThrottle.deleteMany({});
  });

  const latestCode = async (phone: string) => {
    const row = await t.prisma.smsOutbox.findFirstOrThrow({ where: { phone }, orderBy: { id: 'desc' } });
    return /验证码 (\d{6})/.exec(row.content)![1]!;
  };

  it('changes the phone with a one-time SMS code', async () => {
    const { call } = await loginAs(t, 'zhangxm');
    const sent = await call(routes.confirmPhoneRand, { query: { phone: '13755550001' } });
    expect(sent.data).toEqual({ expiresInSeconds: 300, resendInSeconds: 60 });
    const code = await latestCode('13755550001');
    const again = await call(routes.confirmPhoneRand, { query: { phone: '13755550001' } });
    expect(again.msg).toBe(MESSAGES.account.smsTooFrequent);

    const wrong = await call(routes.sendPhoneAfterVerify, {
      query: { phone: '13755550001' },
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.msg).toBe(MESSAGES.account.smsInvalid);
    const otherPhone = await call(routes.sendPhoneAfterVerify, { query: { phone: '13755550002' }, body: { code } });
    expect(otherPhone.msg).toBe(MESSAGES.account.smsInvalid);

    const ok = await call(routes.sendPhoneAfterVerify, { query: { phone: '13755550001' }, body: { code } });
    expect(ok.data).toEqual({ phone: '13755550001' });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } })).phone).toBe('13755550001');
    const reuse = await call(routes.sendPhoneAfterVerify, { query: { phone: '13755550001' }, body: { code } });
    expect(reuse.msg).toBe(MESSAGES.account.smsInvalid);
    // The new phone now logs in.
    await loginAs(t, '13755550001');
  });

  it('burns a code after 5 wrong tries and refuses a phone another account uses', async () => {
    const { call } = await loginAs(t, 'liujy');
    expect((await call(routes.confirmPhoneRand, { query: { phone: '13912345602' } })).msg).toBe(
      MESSAGES.account.phoneTaken,
    );
    expect((await call(routes.confirmPhoneRand, { query: { phone: '13912345605' } })).msg).toBe(
      MESSAGES.account.phoneSame,
    );
    await call(routes.confirmPhoneRand, { query: { phone: '13755550009' } });
    const code = await latestCode('13755550009');
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      await call(routes.sendPhoneAfterVerify, { query: { phone: '13755550009' }, body: { code: wrongCode } });
    }
    const late = await call(routes.sendPhoneAfterVerify, { query: { phone: '13755550009' }, body: { code } });
    expect(late.msg).toBe(MESSAGES.account.smsInvalid);
  });

  it('unbinds WeChat once', async () => {
    const { call } = await loginAs(t, 'wangcy', 'Spring2027');
    expect((await call(routes.getCenterInfo, { query: {} })).data).toMatchObject({
      wechatBound: true,
      wechatNickname: '春燕老师',
    });
    expect((await call(routes.weChatWebUnBind)).code).toBe(0);
    expect((await call(routes.getCenterInfo, { query: {} })).data.wechatBound).toBe(false);
    expect((await call(routes.weChatWebUnBind)).msg).toBe(MESSAGES.account.wechatNotBound);
  });

  it('changes nothing when a protected call comes without a session', async () => {
    const before = await databaseFingerprint(t.databaseUrl);
    const { call } = t.client();
    expect((await call(routes.weChatWebUnBind)).code).toBe(40100);
    expect((await call(routes.confirmPhoneRand, { query: { phone: '13755550003' } })).code).toBe(40100);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
  });
});
