import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { createAliyunSmsSender } from './aliyun-sms.ts';
import { createOutboxSmsSender, type SmsSender } from './sms.ts';

/** The sender SMS_PROVIDER names. */
export const createSmsSender = (config: Config, prisma: PrismaClient, log: FastifyBaseLogger): SmsSender =>
  config.SMS_PROVIDER === 'aliyun'
    ? createAliyunSmsSender({
        endpoint: config.SMS_ALIYUN_ENDPOINT,
        accessKeyId: config.SMS_ALIYUN_ACCESS_KEY_ID,
        accessKeySecret: config.SMS_ALIYUN_ACCESS_KEY_SECRET,
        signName: config.SMS_ALIYUN_SIGN_NAME,
        templates: {
          code: config.SMS_ALIYUN_TEMPLATE_CODE,
          registration_approved: config.SMS_ALIYUN_TEMPLATE_REGISTRATION_APPROVED,
          registration_rejected: config.SMS_ALIYUN_TEMPLATE_REGISTRATION_REJECTED,
        },
        log,
      })
    : createOutboxSmsSender(prisma, log);
