import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES } from '@zyk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../../generated/prisma/client.ts';
import { type Clock, nowMs } from '../../../lib/clock.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import { bindWechat, userById, userByWechatOpenId } from '../../auth/users.ts';
import { BAD_CODE_ERRCODES, WechatApiError, type WechatClient } from './client.ts';

/** A binding must come back within this long, once, to the session that started it. */
export const STATE_TTL_MS = 10 * 60_000;

/** How a binding that came back from WeChat ended; the security page shows the matching message. */
export type BindOutcome = 'ok' | keyof typeof MESSAGES.security.wechatBindFailed | 'already';

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export const createWechatBinding = (
  prisma: PrismaClient,
  client: WechatClient,
  options: { clock: Clock; log: FastifyBaseLogger },
) => {
  const now = () => nowMs(options.clock);

  return {
    status: async (userId: number) => {
      const user = await userById(prisma, userId);
      return {
        bound: user.wechatOpenId !== null,
        nickname: user.wechatOpenId === null ? null : user.wechatNickname,
        boundAt: user.wechatOpenId === null ? null : (user.wechatBoundAt?.toISOString() ?? null),
      };
    },

    /**
     * Starts a binding: a random state, stored hashed with the session that asked and the page to come back to;
     * answers WeChat's authorization address.
     */
    start: async (user: { id: number; sessionId: string }, redirectUri: string, returnTo: string) => {
      const current = await userById(prisma, user.id);
      if (current.wechatOpenId !== null) throw new AppError('CONFLICT', MESSAGES.security.wechatAlreadyBound);
      const state = randomBytes(24).toString('base64url');
      await prisma.wechatBindState.deleteMany({ where: { expiresAt: { lt: new Date(now()) } } });
      await prisma.wechatBindState.create({
        data: {
          stateHash: hashState(state),
          userId: user.id,
          sessionId: user.sessionId,
          returnTo,
          expiresAt: new Date(now() + STATE_TTL_MS),
        },
      });
      return client.authorizeUrl(redirectUri, state);
    },

    /**
     * WeChat came back: the state must be this session's, unexpired and unused (it is used up here, whatever
     * follows); then the code is exchanged and the openid bound, unless another account holds it.
     */
    finish: async (
      user: { id: number; sessionId: string } | null,
      input: { code?: string | undefined; state?: string | undefined },
    ): Promise<{ outcome: BindOutcome; returnTo: string | null }> => {
      const row = input.state
        ? await prisma.wechatBindState.findUnique({ where: { stateHash: hashState(input.state) } })
        : null;
      if (!row) return { outcome: 'state', returnTo: null };
      const { returnTo } = row;
      if (!user) return { outcome: 'login', returnTo };
      if (row.userId !== user.id || row.sessionId !== user.sessionId) return { outcome: 'state', returnTo };
      const used = await prisma.wechatBindState.updateMany({
        where: { stateHash: row.stateHash, usedAt: null, expiresAt: { gt: new Date(now()) } },
        data: { usedAt: new Date(now()) },
      });
      if (used.count !== 1) return { outcome: 'state', returnTo };
      if (!input.code) return { outcome: 'denied', returnTo };

      let openId: string;
      let nickname: string;
      try {
        const token = await client.exchangeCode(input.code);
        openId = token.openId;
        nickname = await client.nickname(token);
      } catch (error) {
        if (error instanceof WechatApiError && BAD_CODE_ERRCODES.has(error.errcode))
          return { outcome: 'code', returnTo };
        options.log.warn({ err: error }, '微信授权码换取失败');
        return { outcome: 'provider', returnTo };
      }
      const holder = await userByWechatOpenId(prisma, openId);
      if (holder && holder.id !== user.id) return { outcome: 'taken', returnTo };
      try {
        if (!(await bindWechat(prisma, user.id, openId, nickname))) return { outcome: 'already', returnTo };
      } catch (error) {
        if (isUniqueViolation(error)) return { outcome: 'taken', returnTo };
        throw error;
      }
      return { outcome: 'ok', returnTo };
    },
  };
};

export type WechatBinding = ReturnType<typeof createWechatBinding>;
