import { PAGE_SIZE, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';
import type { MessageFilters } from './message-keys.ts';

export const getUnreadCount = async () => unwrap(await api(routes.unreadMessageCount)).unread;

/** One page of messages (current, size 10), newest first. */
export const getMessages = async (filters: MessageFilters, current: number, size: number = PAGE_SIZE.messages) =>
  unwrap(
    await api(routes.messageList, {
      query: {
        current,
        size,
        ...(filters.read ? { read: filters.read } : {}),
        ...(filters.type ? { type: filters.type } : {}),
      },
    }),
  );

/** A message; reading it marks it read. */
export const getMessage = async (id: number) => unwrap(await api(routes.messageDetail, { query: { id } }));

export const readAllMessages = async () => unwrap(await api(routes.messageReadAll)).unread;
