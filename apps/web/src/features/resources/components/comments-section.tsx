import { DeleteOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Toast } from '../../../lib/toast.ts';
import { sessionActions, useSession } from '../../../stores/session.ts';
import { useComments, useDeleteComment, useReplies, useSaveComment, useSaveReply } from '../hooks/use-comments.ts';
import { ensureLoggedIn, reportActionError } from '../lib/login-gate.ts';
import styles from './comments-section.module.css';

const COMMENT_MAX = 500;
const REPLY_MAX = 300;

interface Person {
  memberId: string;
  realName: string;
}

interface ReplyTarget {
  commentId: number;
  /** Replying to a reply names its author; replying to the comment itself names nobody. */
  to: Person | null;
  key: string;
}

type Comment = ReturnType<typeof useComments>['comments'][number];
type Reply = Comment['replies'][number];

/**
 * Comments of a resource: the list (10 a page, more on demand), a box to post one, replies to a comment or to a
 * user, and deleting one's own. Everything people wrote is shown as plain text.
 */
export const CommentsSection = ({
  resourceId,
  published,
  toast,
}: {
  resourceId: number;
  published: boolean;
  toast: Toast;
}) => {
  const { loggedIn } = useSession();
  const { query, comments } = useComments(resourceId, published);
  const save = useSaveComment(resourceId);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<ReplyTarget | null>(null);

  if (!published) return <p className={styles.muted}>资源发布后才能评论。</p>;

  const post = () => {
    const content = text.trim();
    if (!content) return;
    save.mutate(content, {
      onSuccess: () => {
        setText('');
        void toast.success('评论已发表');
      },
      onError: (error) => reportActionError(toast, error, '评论发表失败'),
    });
  };

  return (
    <div className={styles.section}>
      {loggedIn ? (
        <div className={styles.composer}>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="说说你对这个资源的看法…"
            aria-label="评论内容"
            maxLength={COMMENT_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
          />
          <div className={styles.composerBar}>
            <Button type="primary" onClick={post} loading={save.isPending} disabled={!text.trim()}>
              发表评论
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.loginPrompt}>
          <span>登录后才能发表评论</span>
          <Button type="primary" size="small" onClick={() => sessionActions.openLogin()}>
            登录
          </Button>
        </div>
      )}

      {query.isPending ? (
        <div className={styles.muted}>评论加载中…</div>
      ) : query.isError && comments.length === 0 ? (
        <LoadError message={errorText(query.error, '评论加载失败')} onRetry={() => void query.refetch()} />
      ) : comments.length === 0 ? (
        <EmptyState title="还没有评论" hint="来发表第一条评论吧" />
      ) : (
        <>
          <ul className={styles.list} aria-label="评论列表" data-testid="comment-list">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                resourceId={resourceId}
                target={target}
                setTarget={setTarget}
                toast={toast}
              />
            ))}
          </ul>
          {query.hasNextPage && (
            <div className={styles.more}>
              <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                查看更多评论
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
};

const Avatar = ({ name }: { name: string }) => (
  <span className={styles.avatar} aria-hidden>
    {name.slice(0, 1)}
  </span>
);

const CommentItem = ({
  comment,
  resourceId,
  target,
  setTarget,
  toast,
}: {
  comment: Comment;
  resourceId: number;
  target: ReplyTarget | null;
  setTarget: (target: ReplyTarget | null) => void;
  toast: Toast;
}) => {
  const [expanded, setExpanded] = useState(false);
  const { query: repliesQuery, replies: allReplies } = useReplies(comment.id, expanded);
  const remove = useDeleteComment(resourceId);
  const shown: Reply[] = expanded && repliesQuery.data ? allReplies : comment.replies;
  const hidden = comment.replyCount - shown.length;

  const openReply = (to: Person | null, key: string) => {
    if (!ensureLoggedIn()) return;
    setTarget(target?.key === key ? null : { commentId: comment.id, to, key });
  };

  const del = (id: number, kind: 'comment' | 'reply') =>
    remove.mutate(
      { id, kind, commentId: comment.id },
      {
        onSuccess: () => void toast.success(kind === 'comment' ? '评论已删除' : '回复已删除'),
        onError: (error) => reportActionError(toast, error, '删除失败'),
      },
    );

  return (
    <li className={styles.comment} data-testid="comment">
      <Avatar name={comment.user.realName} />
      <div className={styles.body}>
        <div className={styles.head}>
          <span className={styles.name}>{comment.user.realName}</span>
          <time className={styles.time} dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
        </div>
        <p className={styles.content}>{comment.content}</p>
        <div className={styles.tools}>
          <Button
            type="text"
            size="small"
            icon={<MessageOutlined aria-hidden />}
            onClick={() => openReply(null, `c${comment.id}`)}
          >
            回复
          </Button>
          {comment.mine && (
            <Popconfirm
              title="删除这条评论及其回复？"
              okText="删除"
              cancelText="取消"
              onConfirm={() => del(comment.id, 'comment')}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />}>
                删除
              </Button>
            </Popconfirm>
          )}
        </div>
        {target?.key === `c${comment.id}` && (
          <ReplyBox resourceId={resourceId} target={target} onDone={() => setTarget(null)} toast={toast} />
        )}

        {shown.length > 0 && (
          <ul className={styles.replies} aria-label="回复">
            {shown.map((reply) => (
              <li key={reply.id} className={styles.reply} data-testid="reply">
                <div className={styles.head}>
                  <span className={styles.name}>{reply.user.realName}</span>
                  {reply.replyTo && (
                    <>
                      <span className={styles.muted}>回复</span>
                      <span className={styles.name}>{reply.replyTo.realName}</span>
                    </>
                  )}
                  <time className={styles.time} dateTime={reply.createdAt}>
                    {formatDateTime(reply.createdAt)}
                  </time>
                </div>
                <p className={styles.content}>{reply.content}</p>
                <div className={styles.tools}>
                  <Button type="text" size="small" onClick={() => openReply(reply.user, `r${reply.id}`)}>
                    回复
                  </Button>
                  {reply.mine && (
                    <Popconfirm
                      title="删除这条回复？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => del(reply.id, 'reply')}
                    >
                      <Button type="text" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  )}
                </div>
                {target?.key === `r${reply.id}` && (
                  <ReplyBox resourceId={resourceId} target={target} onDone={() => setTarget(null)} toast={toast} />
                )}
              </li>
            ))}
          </ul>
        )}
        {!expanded && hidden > 0 && (
          <Button type="link" size="small" className={styles.expand} onClick={() => setExpanded(true)}>
            查看全部 {comment.replyCount} 条回复
          </Button>
        )}
        {expanded && repliesQuery.hasNextPage && (
          <Button
            type="link"
            size="small"
            className={styles.expand}
            loading={repliesQuery.isFetchingNextPage}
            onClick={() => void repliesQuery.fetchNextPage()}
          >
            加载更多回复
          </Button>
        )}
        {expanded && repliesQuery.isError && (
          <span className={styles.muted}>{errorText(repliesQuery.error, '回复加载失败')}</span>
        )}
      </div>
    </li>
  );
};

const ReplyBox = ({
  resourceId,
  target,
  onDone,
  toast,
}: {
  resourceId: number;
  target: ReplyTarget;
  onDone: () => void;
  toast: Toast;
}) => {
  const save = useSaveReply(resourceId);
  const [text, setText] = useState('');
  const send = () => {
    const content = text.trim();
    if (!content) return;
    save.mutate(
      { commentId: target.commentId, content, ...(target.to ? { replyToMemberId: target.to.memberId } : {}) },
      {
        onSuccess: () => {
          setText('');
          onDone();
          void toast.success('回复已发表');
        },
        onError: (error) => reportActionError(toast, error, '回复发表失败'),
      },
    );
  };
  return (
    <div className={styles.replyBox}>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={target.to ? `回复 ${target.to.realName}：` : '写下你的回复…'}
        aria-label="回复内容"
        maxLength={REPLY_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        autoFocus
      />
      <div className={styles.composerBar}>
        <Button size="small" onClick={onDone}>
          取消
        </Button>
        <Button type="primary" size="small" onClick={send} loading={save.isPending} disabled={!text.trim()}>
          回复
        </Button>
      </div>
    </div>
  );
};
