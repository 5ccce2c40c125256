import {
  CalendarOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileOutlined,
  LikeFilled,
  LikeOutlined,
  MessageOutlined,
  PlayCircleOutlined,
  ShoppingCartOutlined,
  StarFilled,
  StarOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ERRORS,
  formatBytes,
  RESOURCE_STATUS_LABELS,
  RESOURCE_TYPE_LABELS,
  type ResourceDetail,
  TRAIN_TYPES,
} from '@zyk/shared';
import { Alert, Button, message, Skeleton, Tag } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ChapterTrails } from '../../../components/chapter-trail.tsx';
import { ResourceList } from '../../../components/resource-card.tsx';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { ApiFailure, errorText } from '../../../lib/api-result.ts';
import { formatCount, formatDate, formatDuration, formatPrice } from '../../../lib/format.ts';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { detailsPath, LIST_PATHS, parseResourceId } from '../../../lib/resource-paths.ts';
import type { Toast } from '../../../lib/toast.ts';
import { useSession } from '../../../stores/session.ts';
import { requestDownload } from '../api/resource-api.ts';
import { resourceKeys } from '../api/resource-keys.ts';
import {
  useCountViewOnce,
  usePatchResource,
  useRecommendations,
  useResource,
  useToggle,
} from '../hooks/use-resource.ts';
import { triggerDownload } from '../lib/download.ts';
import { ensureLoggedIn, reportActionError } from '../lib/login-gate.ts';
import styles from './resource-details-page.module.css';

// The heavy parts are chunks of their own: the preview (players, text viewer), comments (editor, lists) and the
// report dialog, which most visitors never open.
const PreviewPanel = lazy(() => import('./preview-panel.tsx').then((m) => ({ default: m.PreviewPanel })));
const CommentsSection = lazy(() => import('./comments-section.tsx').then((m) => ({ default: m.CommentsSection })));
const ReportDialog = lazy(() => import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })));

const trainTypeName = (code: string | null) => TRAIN_TYPES.find((t) => t.code === code)?.name ?? null;

/** /home/{cousrseResources,documents,achievements}/details?id=: one resource. */
export const ResourceDetailsPage = () => {
  const [params] = useSearchParams();
  const id = parseResourceId(params.get('id'));
  if (id === null) {
    return (
      <div className="zyk-container">
        <div className={styles.card}>
          <EmptyState title="资源不存在" hint="链接中的资源编号有误，请从列表或搜索重新进入" />
        </div>
      </div>
    );
  }
  // A new id is a new page: its own view count, player and comments.
  return <Details key={id} id={id} />;
};

const Details = ({ id }: { id: number }) => {
  const query = useResource(id);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [toast, toastHolder] = message.useMessage();
  useCountViewOnce(id);

  const resource = query.data;
  // Opened under another type's list (an old or hand-made link): move to the right one, so tab and trail agree.
  useEffect(() => {
    if (resource && !pathname.startsWith(`${LIST_PATHS[resource.type]}/`)) {
      navigate(detailsPath(resource.type, resource.id), { replace: true });
    }
  }, [resource, pathname, navigate]);

  if (query.isPending) {
    return (
      <div className="zyk-container">
        <div className={styles.card} role="status" aria-label="正在加载资源">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiFailure && query.error.code === ERRORS.NOT_FOUND.code;
    return (
      <div className="zyk-container">
        <div className={styles.card}>
          {missing ? (
            <EmptyState title="资源不存在或已下架" hint={query.error.message} />
          ) : (
            <LoadError message={errorText(query.error, '资源加载失败')} onRetry={() => void query.refetch()} />
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="zyk-container">
      {toastHolder}
      <div className={styles.layout} data-testid="resource-details">
        <div className={styles.main}>
          <Summary resource={query.data} toast={toast} />
          <section className={styles.card} aria-labelledby="preview-title">
            <h2 id="preview-title" className={styles.sectionTitle}>
              在线预览
            </h2>
            <Suspense fallback={<div className={styles.previewFallback} role="status" aria-label="正在加载预览" />}>
              <PreviewPanel resource={query.data} />
            </Suspense>
          </section>
          <About resource={query.data} />
          <Files resource={query.data} toast={toast} />
          <section className={styles.card} aria-labelledby="comments-title">
            <h2 id="comments-title" className={styles.sectionTitle}>
              评论 <span className={styles.sectionCount}>{query.data.commentCount}</span>
            </h2>
            <Suspense fallback={<Skeleton active avatar paragraph={{ rows: 2 }} />}>
              <CommentsSection resourceId={id} published={query.data.status === 'PUBLISHED'} toast={toast} />
            </Suspense>
          </section>
        </div>
        <aside className={styles.aside} aria-label="作者与相关推荐">
          <AuthorCard resource={query.data} />
          <Recommendations id={id} />
        </aside>
      </div>
    </div>
  );
};

/** Title, meta, counters, price and the actions. */
const Summary = ({ resource: r, toast }: { resource: ResourceDetail; toast: Toast }) => {
  const star = useToggle(r.id, 'star');
  const collect = useToggle(r.id, 'collect');
  const download = useDownload(r, toast);
  const [reporting, setReporting] = useState(false);
  const navigate = useNavigate();
  const trainType = trainTypeName(r.trainType);
  const first = r.files[0];
  // A paid resource the viewer may not download yet (not the author, not bought): it can be bought.
  const buyable = r.price > 0 && !r.purchased && !r.isOwner && !r.canDownload;
  const buy = () => {
    if (ensureLoggedIn()) navigate(`/pay?resourceId=${r.id}`);
  };

  const toggle = (mutation: typeof star, active: boolean) => {
    if (!ensureLoggedIn()) return;
    mutation.mutate(active, { onError: (error) => reportActionError(toast, error) });
  };

  return (
    <section className={`${styles.card} ${styles.summary}`} aria-labelledby="resource-title">
      <div className={styles.tags}>
        <Tag color="cyan">{RESOURCE_TYPE_LABELS[r.type]}</Tag>
        {trainType && <Tag color="gold">{trainType}</Tag>}
        {r.status !== 'PUBLISHED' && <Tag color="orange">{RESOURCE_STATUS_LABELS[r.status]}</Tag>}
        {r.purchased && (
          <Tag color="green" data-testid="purchased-tag">
            已购买
          </Tag>
        )}
      </div>
      <h1 id="resource-title" className={styles.title}>
        {r.title}
      </h1>
      <dl className={styles.meta}>
        <div>
          <dt>学段学科</dt>
          <dd>{[r.stageName, r.subjectName].filter(Boolean).join(' · ') || '全部'}</dd>
        </div>
        <div>
          <dt>作者</dt>
          <dd>{r.authorName}</dd>
        </div>
        {r.publishedAt && (
          <div>
            <dt>发布时间</dt>
            <dd>{formatDate(r.publishedAt)}</dd>
          </div>
        )}
      </dl>
      <ChapterTrails chapters={r.chapters} type={r.type} />
      <ul className={styles.counters} aria-label="统计" data-testid="resource-counters">
        <li title="浏览">
          <EyeOutlined aria-hidden /> 浏览 <span data-testid="count-view">{formatCount(r.viewCount)}</span>
        </li>
        {r.type === 'MICRO_COURSE' && (
          <li title="播放">
            <PlayCircleOutlined aria-hidden /> 播放 <span data-testid="count-play">{formatCount(r.playCount)}</span>
          </li>
        )}
        <li title="下载">
          <DownloadOutlined aria-hidden /> 下载 <span data-testid="count-download">{formatCount(r.downloadCount)}</span>
        </li>
        <li title="点赞">
          <LikeOutlined aria-hidden /> 点赞 {formatCount(r.starCount)}
        </li>
        <li title="收藏">
          <StarOutlined aria-hidden /> 收藏 {formatCount(r.collectCount)}
        </li>
        <li title="评论">
          <MessageOutlined aria-hidden /> 评论 {formatCount(r.commentCount)}
        </li>
      </ul>
      {r.status === 'REJECTED' && r.reviewNote && (
        <Alert type="warning" showIcon title={`审核意见：${r.reviewNote}`} className={styles.notice} />
      )}
      <div className={styles.actionBar}>
        <div className={styles.price} data-testid="resource-price">
          <span className={styles.priceLabel}>价格</span>
          <span className={r.price > 0 ? `${styles.priceValue} ${styles.paid}` : styles.priceValue}>
            {formatPrice(r.price)}
          </span>
        </div>
        <div className={styles.actions}>
          {buyable && r.status === 'PUBLISHED' && (
            // The id lets the preview's sample (media-player.tsx) point here when it ends.
            <Button id="resource-buy" type="primary" danger icon={<ShoppingCartOutlined aria-hidden />} onClick={buy}>
              立即购买
            </Button>
          )}
          <Button
            type={buyable ? 'default' : 'primary'}
            icon={<DownloadOutlined aria-hidden />}
            disabled={!first}
            loading={download.pendingFile === first?.id}
            onClick={() => first && download.start(first.id)}
          >
            下载
          </Button>
          <Button
            icon={r.starred ? <LikeFilled aria-hidden /> : <LikeOutlined aria-hidden />}
            aria-pressed={r.starred}
            loading={star.isPending}
            onClick={() => toggle(star, !r.starred)}
            className={r.starred ? styles.on : undefined}
          >
            {r.starred ? '已点赞' : '点赞'} {r.starCount}
          </Button>
          <Button
            icon={r.collected ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
            aria-pressed={r.collected}
            loading={collect.isPending}
            onClick={() => toggle(collect, !r.collected)}
            className={r.collected ? styles.on : undefined}
          >
            {r.collected ? '已收藏' : '收藏'} {r.collectCount}
          </Button>
          <Button
            type="text"
            icon={<WarningOutlined aria-hidden />}
            onClick={() => {
              if (ensureLoggedIn()) setReporting(true);
            }}
          >
            举报
          </Button>
        </div>
      </div>
      {download.refusal && (
        <Alert
          type="warning"
          showIcon
          className={styles.notice}
          title={download.refusal}
          description={buyable ? `本资源售价 ${formatPrice(r.price)}，点击“立即购买”购买后即可下载。` : undefined}
          data-testid="download-refusal"
        />
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog resourceId={r.id} toast={toast} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </section>
  );
};

/**
 * Downloads go through the server, which checks the right (free and published, the author, or bought), counts
 * it and answers a short-lived link; a refusal (a paid resource) shows the server's message. A visitor downloads what
 * the details say they may (free resources, unless the district asks for a login); anything else asks them to log in.
 */
const useDownload = (r: ResourceDetail, toast: Toast) => {
  const { loggedIn } = useSession();
  const queryClient = useQueryClient();
  const patch = usePatchResource(r.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (fileId: string) => requestDownload(r.id, fileId),
    onSuccess: ({ url, fileName }) => {
      setRefusal(null);
      triggerDownload(url, fileName);
      patch({ downloadCount: r.downloadCount + 1 });
      void refetchAfterWrite(queryClient, { queryKey: resourceKeys.detail(r.id) });
    },
    onError: (error) => {
      if (error instanceof ApiFailure && error.code === ERRORS.FORBIDDEN.code) setRefusal(error.message);
      reportActionError(toast, error, '下载失败，请稍后重试');
    },
  });
  return {
    refusal: loggedIn ? refusal : null,
    pendingFile: mutation.isPending ? mutation.variables : null,
    start: (fileId: string) => {
      if (!r.canDownload && !ensureLoggedIn()) return;
      mutation.mutate(fileId);
    },
  };
};

const About = ({ resource: r }: { resource: ResourceDetail }) => (
  <section className={styles.card} aria-labelledby="about-title">
    <h2 id="about-title" className={styles.sectionTitle}>
      资源简介
    </h2>
    {r.description ? (
      <p className={styles.description} data-testid="resource-description">
        {r.description}
      </p>
    ) : (
      <p className={styles.muted}>作者没有填写简介。</p>
    )}
    {r.tags.length > 0 && (
      <div className={styles.tagList}>
        <span className={styles.muted}>标签：</span>
        {r.tags.map((tag) => (
          <Tag key={tag} className={styles.tag}>
            # {tag}
          </Tag>
        ))}
      </div>
    )}
  </section>
);

/** What the files list says of a file: its type, its length (pages, or minutes and seconds) and its size. */
const fileFacts = (file: ResourceDetail['files'][number]) => {
  const facts = file.extension ? [file.extension.toUpperCase()] : [];
  if (file.pageCount !== null && file.pageCount > 0) facts.push(`${file.pageCount} 页`);
  else if (file.durationSeconds !== null && file.durationSeconds > 0) facts.push(formatDuration(file.durationSeconds));
  facts.push(formatBytes(file.size));
  return facts;
};

const Files = ({ resource: r, toast }: { resource: ResourceDetail; toast: Toast }) => {
  const download = useDownload(r, toast);
  return (
    <section className={styles.card} aria-labelledby="files-title">
      <h2 id="files-title" className={styles.sectionTitle}>
        资源文件 <span className={styles.sectionCount}>{r.files.length}</span>
      </h2>
      {r.files.length === 0 ? (
        <p className={styles.muted}>该资源暂无可下载的文件。</p>
      ) : (
        <ul className={styles.files} data-testid="resource-files">
          {r.files.map((file) => (
            <li key={file.id} className={styles.file}>
              <FileOutlined className={styles.fileIcon} aria-hidden />
              <span className={styles.fileText}>
                <span className={styles.fileName} title={file.name}>
                  {file.name}
                </span>
                <span className={styles.fileMeta} data-testid="file-meta">
                  {fileFacts(file).join(' · ')}
                </span>
              </span>
              <Button
                size="small"
                icon={<DownloadOutlined aria-hidden />}
                loading={download.pendingFile === file.id}
                onClick={() => download.start(file.id)}
                aria-label={`下载 ${file.name}`}
              >
                下载
              </Button>
            </li>
          ))}
        </ul>
      )}
      {download.refusal && <Alert type="warning" showIcon className={styles.notice} title={download.refusal} />}
    </section>
  );
};

const AuthorCard = ({ resource: r }: { resource: ResourceDetail }) => (
  <section className={styles.card} aria-label="作者">
    <div className={styles.author}>
      <span className={styles.avatar} aria-hidden>
        {r.authorName.slice(0, 1) || <UserOutlined />}
      </span>
      <div>
        <div className={styles.authorName}>{r.authorName}</div>
        <div className={styles.muted}>
          <CalendarOutlined aria-hidden /> {r.publishedAt ? `发布于 ${formatDate(r.publishedAt)}` : '尚未发布'}
        </div>
      </div>
    </div>
  </section>
);

const Recommendations = ({ id }: { id: number }) => {
  const { data, isPending } = useRecommendations(id);
  return (
    <section className={styles.card} aria-labelledby="recommend-title">
      <h2 id="recommend-title" className={styles.sectionTitle}>
        相关推荐
      </h2>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : !data || data.length === 0 ? (
        <p className={styles.muted}>暂无相关推荐</p>
      ) : (
        <ResourceList resources={data} layout="compact" label="相关推荐" />
      )}
    </section>
  );
};
