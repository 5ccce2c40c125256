import type { MESSAGE_TYPES } from '@zyk/shared';

export type MessageType = keyof typeof MESSAGE_TYPES;

export interface MessageFilters {
  read: '0' | '1' | null;
  type: MessageType | null;
}

/** Query keys of the messages feature; invalidate through these, never through literal arrays. */
export const messageKeys = {
  all: ['messages'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (filters: MessageFilters, page: number) => [...messageKeys.lists(), filters, page] as const,
  detail: (id: number) => [...messageKeys.all, 'detail', id] as const,
};
