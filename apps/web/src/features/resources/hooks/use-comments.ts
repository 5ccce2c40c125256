import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageBean } from '@zyk/shared';
import { mergePages } from '../../../lib/paging.ts';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { deleteComment, getComments, getReplies, saveComment, saveReply } from '../api/resource-api.ts';
import { resourceKeys } from '../api/resource-keys.ts';

const nextNumberedPage = (last: { pageBean: PageBean }) =>
  last.pageBean.current < last.pageBean.totalPage ? last.pageBean.current + 1 : undefined;

/** Comments, newest first, 10 a page, "more" appending; each with its first 3 replies. */
export const useComments = (resourceId: number, enabled: boolean) => {
  const query = useInfiniteQuery({
    queryKey: resourceKeys.comments(resourceId),
    queryFn: ({ pageParam }) => getComments(resourceId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextNumberedPage,
    enabled,
  });
  const pages = query.data?.pages ?? [];
  return { query, comments: mergePages(pages), total: pages.at(-1)?.pageBean.totalCount ?? 0 };
};

/** All replies of a comment (oldest first), once the reader asks for more than the first 3. */
export const useReplies = (commentId: number, enabled: boolean) => {
  const query = useInfiniteQuery({
    queryKey: resourceKeys.replies(commentId),
    queryFn: ({ pageParam }) => getReplies(commentId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextNumberedPage,
    enabled,
  });
  return { query, replies: mergePages(query.data?.pages ?? []) };
};

/** After any change: the comment list, the replies shown and the resource's comment count. */
const useRefresh = (resourceId: number) => {
  const queryClient = useQueryClient();
  return (commentId?: number) =>
    Promise.all([
      refetchAfterWrite(queryClient, { queryKey: resourceKeys.comments(resourceId) }),
      refetchAfterWrite(queryClient, { queryKey: resourceKeys.detail(resourceId) }),
      commentId === undefined
        ? undefined
        : refetchAfterWrite(queryClient, { queryKey: resourceKeys.replies(commentId) }),
    ]);
};

export const useSaveComment = (resourceId: number) => {
  const refresh = useRefresh(resourceId);
  return useMutation({
    mutationFn: (content: string) => saveComment(resourceId, content),
    onSuccess: () => refresh(),
  });
};

export const useSaveReply = (resourceId: number) => {
  const refresh = useRefresh(resourceId);
  return useMutation({
    mutationFn: (input: { commentId: number; content: string; replyToMemberId?: string }) =>
      saveReply(input.commentId, input.content, input.replyToMemberId),
    onSuccess: (_, input) => refresh(input.commentId),
  });
};

export const useDeleteComment = (resourceId: number) => {
  const refresh = useRefresh(resourceId);
  return useMutation({
    mutationFn: (input: { id: number; kind: 'comment' | 'reply'; commentId: number }) =>
      deleteComment(input.id, input.kind),
    onSuccess: (_, input) => refresh(input.commentId),
  });
};
