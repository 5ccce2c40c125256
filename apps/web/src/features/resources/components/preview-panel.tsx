import { ExportOutlined, FileSearchOutlined, LockOutlined, LoginOutlined } from '@ant-design/icons';
import { ERRORS, type PreviewPages, type ResourceDetail } from '@zyk/shared';
import { Button, Segmented, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { ApiFailure, errorText, isUnauthorized } from '../../../lib/api-result.ts';
import { formatPrice } from '../../../lib/format.ts';
import { sessionActions, useSession } from '../../../stores/session.ts';
import { usePreview } from '../hooks/use-preview.ts';
import { usePatchResource } from '../hooks/use-resource.ts';
import { decodeText, totalFromContentRange } from '../lib/text-decode.ts';
import { MediaPreview } from './media-player.tsx';
import { PdfViewer } from './pdf-viewer.tsx';
import styles from './preview-panel.module.css';
import placeholder from './preview-placeholder.module.css';

/** Text previews show the beginning of the file; the whole of it is a download away. */
const TEXT_PREVIEW_BYTES = 256 * 1024;

/**
 * The preview area (onlinePreview): PDF pages drawn in the page (pdf.js, loaded only for a PDF), images, text,
 * video and audio players, an external preview service, a conversion in progress (polled), or the reason there is
 * no preview. The server decides what a viewer may see: a paid resource not bought shows its sample (the first
 * seconds of a video, the first pages of a document as images) or, with nothing to sample, its price.
 */
/**
 * `counting` false: watching is not using (a reviewer checking a pending resource): no play is counted and no
 * position saved, so nothing is asked of routes that serve published resources only.
 */
export const PreviewPanel = ({ resource: r, counting = true }: { resource: ResourceDetail; counting?: boolean }) => {
  const [fileId, setFileId] = useState<string | null>(r.files[0]?.id ?? null);
  if (r.files.length === 0) {
    return (
      <div className={placeholder.box} data-testid="preview-none">
        <FileSearchOutlined className={placeholder.icon} aria-hidden />
        <div>该资源暂无可预览的文件</div>
      </div>
    );
  }
  return (
    <div className={styles.panel}>
      {r.files.length > 1 && (
        <Segmented
          className={styles.switcher}
          value={fileId ?? undefined}
          onChange={(value) => setFileId(String(value))}
          options={r.files.map((f) => ({ value: f.id, label: <span title={f.name}>{f.name}</span> }))}
        />
      )}
      {fileId && <FilePreview key={fileId} fileId={fileId} resource={r} counting={counting} />}
    </div>
  );
};

/** A paid resource's price instead of its content: nothing of it can be shown before buying. */
const Locked = ({ resource: r, message }: { resource: ResourceDetail; message?: string | null }) => (
  <div className={placeholder.box} data-testid="preview-locked">
    <LockOutlined className={placeholder.icon} aria-hidden />
    {r.price > 0 ? (
      <>
        <div className={styles.lockedPrice}>付费资源 · {formatPrice(r.price)}</div>
        <div className={placeholder.hint}>购买后即可在线预览和下载全部文件</div>
      </>
    ) : (
      <div>{message ?? '该资源暂不可预览'}</div>
    )}
  </div>
);

const FilePreview = ({
  fileId,
  resource: r,
  counting,
}: {
  fileId: string;
  resource: ResourceDetail;
  counting: boolean;
}) => {
  const { loggedIn } = useSession();
  const patch = usePatchResource(r.id);
  const query = usePreview(fileId, true, r.canDownload);

  if (query.isPending) {
    return (
      <div className={placeholder.box}>
        <Spin />
        <div>正在加载预览…</div>
      </div>
    );
  }
  if (query.isError) {
    // Not allowed to see even a sample: a visitor may log in; a signed-in user is told why.
    if (isUnauthorized(query.error)) {
      return (
        <div className={placeholder.box} data-testid="preview-login">
          <LockOutlined className={placeholder.icon} aria-hidden />
          <div>登录后可在线预览</div>
          <Button type="primary" icon={<LoginOutlined aria-hidden />} onClick={() => sessionActions.openLogin()}>
            登录
          </Button>
        </div>
      );
    }
    if (query.error instanceof ApiFailure && query.error.code === ERRORS.FORBIDDEN.code) {
      return <Locked resource={r} message={query.error.message} />;
    }
    return (
      <div className={placeholder.box} data-testid="preview-error">
        <FileSearchOutlined className={placeholder.icon} aria-hidden />
        <div>{errorText(query.error, '预览加载失败')}</div>
        <Button size="small" onClick={() => void query.refetch()}>
          重试
        </Button>
      </div>
    );
  }
  const info = query.data;
  const url = info.url ?? '';
  switch (info.mode) {
    case 'pdf':
      return <PdfViewer fileId={info.fileId} url={url} fileName={info.fileName} onRetry={() => query.refetch()} />;
    case 'image':
      return (
        <div className={styles.imageWrap}>
          <img className={styles.image} src={url} alt={info.fileName} data-testid="preview-image" />
        </div>
      );
    case 'text':
      return <TextPreview url={url} />;
    case 'video':
    case 'audio':
      return (
        <MediaPreview
          info={info}
          resourceId={r.id}
          startAt={r.playPosition}
          canSaveProgress={loggedIn && counting}
          countsPlays={counting}
          onPlayCounted={(counts) => patch(counts)}
          onRefetch={() => query.refetch()}
        />
      );
    case 'pages':
      return info.pages && info.pages.images.length > 0 ? (
        <SamplePages pages={info.pages} resource={r} />
      ) : (
        <Locked resource={r} message={info.msg} />
      );
    case 'locked':
      return <Locked resource={r} message={info.msg} />;
    case 'external':
      return (
        <div className={placeholder.box} data-testid="preview-external">
          <FileSearchOutlined className={placeholder.icon} aria-hidden />
          <div>{info.fileName}</div>
          <Button type="primary" href={url} target="_blank" rel="noopener" icon={<ExportOutlined aria-hidden />}>
            打开在线预览
          </Button>
        </div>
      );
    case 'converting':
      return (
        <div className={placeholder.box} data-testid="preview-converting" role="status">
          <Spin />
          <div>正在转换，请稍后</div>
          <div className={placeholder.hint}>{info.msg}</div>
        </div>
      );
    default:
      return (
        <div className={placeholder.box} data-testid="preview-unavailable">
          <FileSearchOutlined className={placeholder.icon} aria-hidden />
          <div>{info.msg ?? '该文件暂不支持在线预览，请下载后查看'}</div>
        </div>
      );
  }
};

/**
 * A paid document's sample: its first pages as watermarked images, one under the other at the column's width
 * (loaded as they come near), between a notice of how much there is and the price.
 */
const SamplePages = ({ pages, resource: r }: { pages: PreviewPages; resource: ResourceDetail }) => {
  const shown = pages.images.length;
  const total = pages.pageCount !== null && pages.pageCount >= shown ? `，共 ${pages.pageCount} 页` : '';
  return (
    <div className={styles.pages} data-testid="preview-pages">
      <div className={styles.pagesNotice} data-testid="preview-pages-notice">
        <Tag color="orange" className={styles.sampleTag}>
          试读
        </Tag>
        <span>
          试读前 {shown} 页{total} · 购买后可查看全部
        </span>
      </div>
      <ol className={styles.pageList} aria-label="试读页">
        {pages.images.map((src, i) => (
          <li key={src} className={styles.page}>
            <img className={styles.pageImage} src={src} alt={`第 ${i + 1} 页`} loading="lazy" decoding="async" />
          </li>
        ))}
      </ol>
      {r.price > 0 && (
        <div className={styles.pagesEnd}>
          <LockOutlined aria-hidden /> 试读到此结束 · 付费资源 {formatPrice(r.price)}，购买后可在线查看和下载全部内容
        </div>
      )}
    </div>
  );
};

type TextState =
  | { state: 'loading' }
  | { state: 'ready'; text: string; truncated: boolean }
  | { state: 'failed'; message: string };

/** A text file's beginning, decoded (UTF-8 or GBK) and shown as plain text. */
const TextPreview = ({ url }: { url: string }) => {
  const [text, setText] = useState<TextState>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setText({ state: 'loading' });
    fetch(url, { headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const total = totalFromContentRange(response.headers.get('content-range'));
        setText({ state: 'ready', text: decodeText(bytes), truncated: total !== null && total > bytes.length });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setText({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [url]);

  if (text.state === 'loading') {
    return (
      <div className={placeholder.box}>
        <Spin />
      </div>
    );
  }
  if (text.state === 'failed') {
    return <div className={placeholder.box}>文本加载失败（{text.message}），请下载后查看</div>;
  }
  return (
    <div>
      {/* It scrolls by itself, so it takes keyboard focus for the arrow keys. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <pre className={styles.text} data-testid="preview-text" tabIndex={0}>
        {text.text}
      </pre>
      {text.truncated && <div className={styles.hint}>仅显示文件开头部分，完整内容请下载后查看。</div>}
    </div>
  );
};
