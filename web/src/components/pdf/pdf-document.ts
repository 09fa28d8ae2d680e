import { getDocument, GlobalWorkerOptions, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * The one module that touches pdf.js (ADR 047). pdf-canvas.tsx imports it dynamically, so pdf.js lands in
 * its own lazy chunk (vendor-pdfjs, web/vite.config.ts) and costs nothing until a PDF answer is shown.
 * The worker is a hashed asset of the site ('self': script-src/worker-src allow it, no blob:). eval is
 * off (isEvalSupported: false: the CSP has no 'unsafe-eval'), and no annotation or form layer is drawn:
 * the page is pixels on a canvas, nothing of the PDF runs.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfDocument {
  pageCount: number;
  /** Draws page `page` (1-based) into `canvas` at `cssWidth` CSS pixels wide, sharp on the device's pixel ratio; a newer call cancels an older one. */
  render(page: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void>;
  destroy(): void;
}

export async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  const loading = getDocument({ data, isEvalSupported: false, enableXfa: false });
  const doc = await loading.promise;
  // One canvas takes one render at a time: renders run one after another, a newer call cancels the one
  // drawing and skips those still waiting.
  let drawing: RenderTask | null = null;
  let queue: Promise<void> = Promise.resolve();
  let latest = 0;
  return {
    pageCount: doc.numPages,
    render(number, canvas, cssWidth) {
      const ticket = ++latest;
      drawing?.cancel();
      const run = queue.then(async () => {
        if (ticket !== latest) return;
        const page = await doc.getPage(number);
        const scale = (cssWidth / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1);
        const viewport = page.getViewport({ scale });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        drawing = page.render({ canvas, viewport });
        try {
          await drawing.promise;
        } catch (error) {
          if (!(error instanceof Error && error.name === 'RenderingCancelledException')) throw error;
        } finally {
          drawing = null;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    destroy() {
      void loading.destroy();
    },
  };
}
