import { DownloadOutlined, FileExclamationOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { OpenedPdf } from '../lib/pdf-document.ts';
import { PdfPageRenderer } from '../lib/pdf-page-renderer.ts';
import styles from './pdf-viewer.module.css';
import placeholder from './preview-placeholder.module.css';

/** Pages within this much (of the view's height) above or below the view are drawn; farther ones are freed. */
const DRAW_AHEAD = '100%';
/** Resizing redraws the pages once it has stopped for this long. */
const RESIZE_SETTLE_MS = 200;

type ViewerState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; doc: PDFDocumentProxy; firstPageRatio: number };

/** What went wrong, as the reader is told it. pdf.js's errors cross from its worker, so they are known by name. */
const failureText = (error: unknown) => {
  const { name, status } = (error ?? {}) as { name?: string; status?: number };
  if (name === 'PasswordException') return '该 PDF 设有打开密码，无法在线预览，请下载后查看';
  if (name === 'InvalidPDFException') return 'PDF 文件已损坏或格式无法识别，请下载后查看';
  if (name === 'ResponseException') {
    return status === 403 || status === 404
      ? '预览链接已失效，请点击重试'
      : `PDF 加载失败（HTTP ${status ?? '错误'}），请稍后重试或下载后查看`;
  }
  // The viewer's own script (a chunk of this site) did not arrive.
  if (error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)) {
    return 'PDF 阅读器加载失败，请检查网络后重试';
  }
  return 'PDF 无法在线显示，请下载后查看';
};

const pdfName = (fileName: string) => `${fileName.replace(/\.[^.]+$/, '')}.pdf`;

/**
 * A PDF drawn by pdf.js (loaded only here, on first use) into one canvas per page, scaled to the width of the
 * page column and sharp on high-density screens. Used instead of an <object>, which the CSP (object-src 'none')
 * blocks and phones cannot show anyway.
 */
export const PdfViewer = ({
  fileId,
  url,
  fileName,
  onRetry,
}: {
  fileId: string;
  url: string;
  fileName: string;
  /** Asks for the preview again (a new signed link); the viewer loads once it has answered. */
  onRetry?: () => Promise<unknown>;
}) => {
  const [state, setState] = useState<ViewerState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The signed link is renewed when the preview answer is refetched (after focus, past its stale time): a new
  // signature of the same file must not reload a document that is open, so loading follows the file, not the link.
  const latestUrl = useRef(url);
  latestUrl.current = url;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file or a retry loads again; a renewed link does not
  useEffect(() => {
    let cancelled = false;
    let opened: OpenedPdf | null = null;
    setState({ status: 'loading' });
    import('../lib/pdf-document.ts')
      .then(async ({ openPdf }) => {
        if (cancelled) return;
        opened = openPdf(latestUrl.current);
        const doc = await opened.promise;
        const { width, height } = (await doc.getPage(1)).getViewport({ scale: 1 });
        if (!cancelled) setState({ status: 'ready', doc, firstPageRatio: width / height });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: failureText(error) });
      });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [fileId, attempt]);

  if (state.status === 'loading') {
    return (
      <div className={placeholder.box} data-testid="preview-pdf-loading" role="status">
        <Spin />
        <div>正在加载 PDF…</div>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className={placeholder.box} data-testid="preview-pdf-error">
        <FileExclamationOutlined className={placeholder.icon} aria-hidden />
        <div>{state.message}</div>
        <div className={styles.actions}>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => {
              setState({ status: 'loading' });
              // A fresh signed link first (the old one may have expired), then the document again.
              void Promise.resolve(onRetry?.()).finally(() => setAttempt((n) => n + 1));
            }}
          >
            重试
          </Button>
          <Button type="primary" href={url} download={pdfName(fileName)} icon={<DownloadOutlined aria-hidden />}>
            下载 PDF
          </Button>
        </div>
      </div>
    );
  }
  return <PdfPages doc={state.doc} firstPageRatio={state.firstPageRatio} fileName={fileName} />;
};

const PdfPages = ({
  doc,
  firstPageRatio,
  fileName,
}: {
  doc: PDFDocumentProxy;
  firstPageRatio: number;
  fileName: string;
}) => {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [currentPage, setCurrentPage] = useState(1);
  const [failedPages, setFailedPages] = useState<ReadonlySet<number>>(() => new Set());
  const pageCount = doc.numPages;

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const renderer = new PdfPageRenderer(doc, (pageNumber) =>
      setFailedPages((failed) => new Set(failed).add(pageNumber)),
    );
    const pageOf = (element: Element) => Number((element as HTMLElement).dataset.page);

    // Drawn while near the view, freed when far from it.
    const near = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const pageNumber = pageOf(entry.target);
          if (entry.isIntersecting) renderer.show(pageNumber, entry.target as HTMLElement);
          else renderer.hide(pageNumber);
        }
      },
      { root: scroller, rootMargin: `${DRAW_AHEAD} 0px` },
    );
    // The counter names the page that takes up most of the view.
    const visibleHeight = new Map<number, number>();
    const inView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visibleHeight.set(pageOf(entry.target), entry.intersectionRect.height);
        let best = 0;
        let bestHeight = 0;
        for (const [pageNumber, height] of visibleHeight) {
          if (height > bestHeight || (height === bestHeight && height > 0 && pageNumber < best)) {
            best = pageNumber;
            bestHeight = height;
          }
        }
        if (best > 0) setCurrentPage(best);
      },
      { root: scroller, threshold: Array.from({ length: 11 }, (_, i) => i / 10) },
    );
    for (const box of scroller.querySelectorAll('[data-page]')) {
      near.observe(box);
      inView.observe(box);
    }

    let settle: ReturnType<typeof setTimeout> | undefined;
    let lastWidth = scroller.clientWidth;
    const resized = new ResizeObserver(() => {
      if (scroller.clientWidth === lastWidth) return;
      lastWidth = scroller.clientWidth;
      clearTimeout(settle);
      settle = setTimeout(() => renderer.redrawResized(), RESIZE_SETTLE_MS);
    });
    resized.observe(scroller);

    return () => {
      clearTimeout(settle);
      near.disconnect();
      inView.disconnect();
      resized.disconnect();
      renderer.destroy();
    };
  }, [doc]);

  return (
    <div className={styles.viewer} data-testid="preview-pdf">
      <div className={styles.toolbar}>
        <span data-testid="pdf-page-count">共 {pageCount} 页</span>
        {pageCount > 1 && (
          <span data-testid="pdf-current-page">
            第 {currentPage} / {pageCount} 页
          </span>
        )}
      </div>
      <section
        ref={scrollerRef}
        className={styles.pages}
        style={{ '--pdf-page-ratio': firstPageRatio } as CSSProperties}
        aria-label={`${fileName} 预览`}
        // Scrolls by itself, so it takes keyboard focus for the arrow keys.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((pageNumber) => (
          <div key={pageNumber} className={styles.page} data-page={pageNumber}>
            {/* Zero-sized until drawn: a page far from the view holds no pixels. */}
            <canvas className={styles.canvas} width={0} height={0} role="img" aria-label={`第 ${pageNumber} 页`} />
            {failedPages.has(pageNumber) && <div className={styles.pageFailed}>第 {pageNumber} 页无法显示</div>}
          </div>
        ))}
      </section>
    </div>
  );
};
