import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';

/** Sharper than this buys little and costs memory (a phone at 3× already draws 9 pixels per CSS pixel). */
const MAX_PIXEL_RATIO = 3;
/** One canvas stays under iOS Safari's 16.7-megapixel limit, past which it draws nothing. */
const MAX_CANVAS_PIXELS = 16_000_000;

interface ShownPage {
  box: HTMLElement;
  canvas: HTMLCanvasElement;
  /** The CSS width the canvas was last drawn for; 0 while it has not been. */
  drawnWidth: number;
  task: RenderTask | null;
  page: PDFPageProxy | null;
  /** Bumped on every new draw or hide, so a draw that finishes late knows it is stale. */
  generation: number;
}

const isCancellation = (error: unknown) => (error as { name?: string } | null)?.name === 'RenderingCancelledException';

/**
 * Draws the pages of one document into their canvases while they are near the view and frees them when they
 * leave, so a long document holds only a few pages' pixels. Each page is drawn at the width of its box times the
 * screen's pixel ratio; the box takes the page's aspect ratio, so the layout does not jump when it is drawn.
 */
export class PdfPageRenderer {
  readonly #doc: PDFDocumentProxy;
  readonly #onFailed: (pageNumber: number) => void;
  readonly #shown = new Map<number, ShownPage>();

  constructor(doc: PDFDocumentProxy, onFailed: (pageNumber: number) => void) {
    this.#doc = doc;
    this.#onFailed = onFailed;
  }

  show(pageNumber: number, box: HTMLElement) {
    if (this.#shown.has(pageNumber)) return;
    const canvas = box.querySelector('canvas');
    if (!canvas) return;
    const entry: ShownPage = { box, canvas, drawnWidth: 0, task: null, page: null, generation: 0 };
    this.#shown.set(pageNumber, entry);
    void this.#draw(pageNumber, entry);
  }

  hide(pageNumber: number) {
    const entry = this.#shown.get(pageNumber);
    if (!entry) return;
    this.#shown.delete(pageNumber);
    entry.generation++;
    entry.task?.cancel();
    // Zero-sized, the canvas gives its pixels back; the box keeps its size.
    entry.canvas.width = 0;
    entry.canvas.height = 0;
    delete entry.box.dataset.drawn;
    // Its parsed drawing instructions too (refused while a draw is still winding down: harmless).
    entry.page?.cleanup();
  }

  /** The boxes changed width (a rotated phone, a resized window): draw the shown pages again at the new size. */
  redrawResized() {
    for (const [pageNumber, entry] of this.#shown) {
      if (Math.abs(entry.box.clientWidth - entry.drawnWidth) >= 1) void this.#draw(pageNumber, entry);
    }
  }

  destroy() {
    for (const pageNumber of [...this.#shown.keys()]) this.hide(pageNumber);
  }

  async #draw(pageNumber: number, entry: ShownPage) {
    const generation = ++entry.generation;
    entry.task?.cancel();
    entry.task = null;
    const stale = () => entry.generation !== generation || this.#shown.get(pageNumber) !== entry;
    // A fresh canvas, copied in when done: redrawing at a new width never shows a blank page meanwhile.
    const scratch = document.createElement('canvas');
    try {
      const page = await this.#doc.getPage(pageNumber);
      if (stale()) return;
      entry.page = page;
      const natural = page.getViewport({ scale: 1 });
      entry.box.style.aspectRatio = `${natural.width} / ${natural.height}`;
      const cssWidth = entry.box.clientWidth;
      if (cssWidth === 0) return;
      const cssScale = cssWidth / natural.width;
      const cssArea = cssWidth * natural.height * cssScale;
      const pixelRatio = Math.min(
        window.devicePixelRatio || 1,
        MAX_PIXEL_RATIO,
        Math.sqrt(MAX_CANVAS_PIXELS / Math.max(cssArea, 1)),
      );
      const viewport = page.getViewport({ scale: cssScale * pixelRatio });
      scratch.width = Math.floor(viewport.width);
      scratch.height = Math.floor(viewport.height);
      const task = page.render({ canvas: scratch, viewport });
      entry.task = task;
      await task.promise;
      if (stale()) return;
      entry.task = null;
      entry.canvas.width = scratch.width;
      entry.canvas.height = scratch.height;
      entry.canvas.getContext('2d')?.drawImage(scratch, 0, 0);
      entry.drawnWidth = cssWidth;
      entry.box.dataset.drawn = 'true';
    } catch (error) {
      if (isCancellation(error) || stale()) return;
      this.#onFailed(pageNumber);
    } finally {
      scratch.width = 0;
      scratch.height = 0;
    }
  }
}
