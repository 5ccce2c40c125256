import { MESSAGES, routes } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { smsText } from '../../apps/api/src/modules/account/sms.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { publishDoc } from '../support/library.ts';

/**
 * Services shared by several modules are built once in buildApp, with injection points for what a district plugs
 * in: an SMS gateway reaches both phone-change routes (personal centre and wallet security).
 */
describe('an SMS gateway given to buildApp', () => {
  const sent: { phone: string; content: string }[] = [];
  let t: TestApp;
  testAppFor((app) => (t = app), {
    env: { RATE_LIMITS: 'false' },
    services: { sms: { send: async (phone, message) => void sent.push({ phone, content: smsText(message) }) } },
  });

  it('sends the phone code through it, not through the development outbox', async () => {
    const teacher = await loginAs(t, 'lijg');
    const answer = await teacher.call(routes.confirmPhoneRand, { query: { phone: '13755550077' } });
    expect(answer.code).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.phone).toBe('13755550077');
    const code = /验证码 (\d{6})/.exec(sent[0]?.content ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await t.prisma.smsOutbox.count({ where: { phone: '13755550077' } })).toBe(0);
    // The wallet's security page changes the phone with the code the same service sent.
    const changed = await teacher.call(routes.verifyAccountChangePhone, {
      body: { phone: '13755550077', code: code! },
    });
    expect(changed.code).toBe(0);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
    expect(user.phone).toBe('13755550077');
  });
});

/**
 * Deadlines are measured by the clock buildApp is given: moving it forward expires payment windows, signed links
 * and idle sessions without touching a row or waiting.
 */
describe('a clock given to buildApp', () => {
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let t: TestApp;
  testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false', JOB_WORKER: 'false' }, services: { clock } });

  it('closes a payment window, expires a signed link and ends an idle session when it moves on', async () => {
    const seller = await loginAs(t, 'lijg');
    const buyer = await loginAs(t, 'liujy');
    const resourceId = await publishDoc(t, seller.call, 'lijg', { title: '时钟测试资源', price: 500 });
    const opened = await buyer.call(routes.payInfoResource, { query: { resourceId } });
    expect(opened.code, opened.msg).toBe(0);
    const first = opened.data.order;
    expect(Date.parse(first.expiresAt) - clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    // A well-formed id nobody stored: a valid link reaches the lookup (404), an expired one stops at the signature.
    const link = t.app.fileUrls.url('a'.repeat(26), { ttlSeconds: 600 });
    expect((await fetch(`${t.url}${link}`)).status).toBe(404);

    offsetMs = 31 * 60_000;
    const again = await buyer.call(routes.payInfoResource, { query: { resourceId } });
    expect(again.code, again.msg).toBe(0);
    expect(again.data.order.orderNo).not.toBe(first.orderNo);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { orderNo: first.orderNo } })).status).toBe('CLOSED');
    const expired = await fetch(`${t.url}${link}`);
    expect(expired.status).toBe(403);
    expect((await expired.json()).msg).toBe(MESSAGES.file.linkExpired);

    // The default idle limit is 12 hours.
    offsetMs += 12 * 60 * 60_000 + 60_000;
    expect((await buyer.call(routes.payInfoResource, { query: { resourceId } })).code).toBe(40100);
  });
});
