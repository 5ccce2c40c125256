import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { useSession } from '../../../stores/session.ts';
import { getMessage, getMessages, getUnreadCount, readAllMessages } from '../api/message-api.ts';
import { type MessageFilters, messageKeys } from '../api/message-keys.ts';

/** New messages arrive while a page is open: ask again every minute. */
export const UNREAD_REFRESH_MS = 60_000;

/** The unread count of the logged-in user (nothing is asked for a visitor). */
export const useUnreadCount = () => {
  const { loggedIn } = useSession();
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: getUnreadCount,
    enabled: loggedIn,
    refetchInterval: UNREAD_REFRESH_MS,
    staleTime: 10_000,
  });
};

export const useMessages = (filters: MessageFilters, page: number, size?: number) =>
  useQuery({
    queryKey: [...messageKeys.list(filters, page), size ?? 'default'],
    queryFn: () => getMessages(filters, page, size),
    placeholderData: keepPreviousData,
  });

/** Opening a message marks it read: the count and the lists follow. */
export const useMessage = (id: number | null) => {
  const client = useQueryClient();
  return useQuery({
    queryKey: messageKeys.detail(id ?? 0),
    queryFn: async () => {
      const message = await getMessage(id ?? 0);
      void refetchAfterWrite(client, { queryKey: messageKeys.unread() });
      void refetchAfterWrite(client, { queryKey: messageKeys.lists() });
      return message;
    },
    enabled: id !== null,
  });
};

export const useReadAll = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readAllMessages,
    onSuccess: (unread) => {
      client.setQueryData(messageKeys.unread(), unread);
      void refetchAfterWrite(client, { queryKey: messageKeys.lists() });
    },
  });
};
