import { useEffect, useRef, useState } from 'react';
import type { PdfDocument } from './pdf-document.ts';

/**
 * The page viewer's parts (ADR 047), shared by a request's PDF answer (with pins) and the Documents section:
 * the bytes fetched from a short presigned GET while pdf.js loads (its own lazy chunk), then the page drawn
 * on a canvas as wide as the surface around it.
 */
export async function loadPdf(link: () => Promise<{ url: string }>): Promise<PdfDocument> {
  const bytes = link().then(async ({ url }) => {
    // eslint-disable-next-line no-restricted-syntax -- the presigned URL is S3's, not the API (ADR 045, 047)
    const response = await fetch(url);
    if (!response.ok) throw new Error(`The PDF download answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  const [{ openPdf }, data] = await Promise.all([import('./pdf-document.ts'), bytes]);
  return openPdf(data);
}

/**
 * The PDF behind `link`, opened once while the component is mounted and `open` (a viewer of another file is another
 * component: key it by the file), destroyed when it unmounts.
 */
export function usePdf(link: () => Promise<{ url: string }>, open = true) {
  const [load] = useState(() => () => loadPdf(link));
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    let opened: PdfDocument | null = null;
    load().then(
      (loaded) => {
        if (!live) return loaded.destroy();
        opened = loaded;
        setDoc(loaded);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      opened?.destroy();
    };
  }, [load, open]);
  return { doc, failed, fail: () => setFailed(true) };
}

/** The page on a canvas as wide as the surface around it (measured, and again when it resizes). */
export function PdfCanvas({
  doc,
  page,
  label,
  onDrawn,
  onFailed,
}: {
  doc: PdfDocument;
  page: number;
  label: string;
  onDrawn: () => void;
  onFailed: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const surface = canvas.current?.parentElement;
    if (!surface) return;
    const measure = () => setWidth(Math.floor(surface.clientWidth));
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(surface);
    return () => observer?.disconnect();
  }, []);
  useEffect(() => {
    if (width < 1 || !canvas.current) return;
    doc.render(page, canvas.current, width).then(onDrawn, onFailed);
    // The callbacks are the parent's setters: drawing again is for a new page or width only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, page, width]);
  return <canvas ref={canvas} role="img" aria-label={label} className="block h-auto w-full" />;
}
