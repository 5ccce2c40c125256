import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../generated/prisma/client.ts';

/** What a verification code is for; each has its own wording where the provider allows free text. */
export type SmsCodePurpose = 'register' | 'reset_password' | 'change_phone';

/**
 * Every text message the product sends. SMS providers in China send only approved templates with parameters, so a
 * message is a template and its values, not free text; `smsText` gives the words for the outbox and the log.
 */
export type SmsMessage =
  | { kind: 'code'; purpose: SmsCodePurpose; code: string }
  | { kind: 'registration_approved'; userName: string }
  | { kind: 'registration_rejected'; reason: string };

/** Why a message was not sent, as the provider said. */
export type SmsFailure = 'rate_limited' | 'bad_phone' | 'unavailable';

export class SmsDeliveryError extends Error {
  constructor(
    readonly failure: SmsFailure,
    detail: string,
  ) {
    super(`SMS not sent (${failure}): ${detail}`);
    this.name = 'SmsDeliveryError';
  }
}

/** Sends a text message; throws SmsDeliveryError when the provider refuses or cannot be reached. */
export interface SmsSender {
  send: (phone: string, message: SmsMessage) => Promise<void>;
}

const CODE_PURPOSE_TEXT: Record<SmsCodePurpose, string> = {
  register: '您正在注册资源库账号',
  reset_password: '您正在找回资源库账号的密码',
  change_phone: '您正在更换绑定手机号',
};

/** The message in words, as the outbox keeps it. */
export const smsText = (message: SmsMessage) => {
  switch (message.kind) {
    case 'code':
      return `【资源库】${CODE_PURPOSE_TEXT[message.purpose]}，验证码 ${message.code}，5 分钟内有效。如非本人操作请忽略。`;
    case 'registration_approved':
      return `【资源库】您的注册申请已通过审核，现在可以用用户名 ${message.userName} 或本手机号登录。`;
    case 'registration_rejected':
      return `【资源库】很抱歉，您的注册申请未通过审核。原因：${message.reason}。如有疑问请联系学校管理员。`;
  }
};

/** Outbox sender: nothing leaves the machine; the text goes to the log and to `sms_outbox` (`pnpm admin sms-codes`). */
export const createOutboxSmsSender = (prisma: PrismaClient, log: FastifyBaseLogger): SmsSender => ({
  send: async (phone, message) => {
    const content = smsText(message);
    await prisma.smsOutbox.create({ data: { phone, content } });
    log.info({ phone, content }, 'sms (outbox, not sent)');
  },
});
