import { useEffect, useState } from 'react';
import { loadPdf, PdfCanvas } from '../../../components/pdf/pdf-canvas.tsx';
import type { PdfDocument } from '../../../components/pdf/pdf-document.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { downloadLink } from '../api/documents.ts';

/**
 * A PDF document in the page viewer of ADR 047 (the requests section's: pdf.js loaded on first use, pages
 * drawn on a canvas, nothing of the PDF runs), page by page. Its bytes come through the recorded download.
 */
export function PdfViewer({ documentId, name, onClose }: { documentId: string; name: string; onClose: () => void }) {
  const t = useT();
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  useEffect(() => {
    let live = true;
    let opened: PdfDocument | null = null;
    loadPdf(() => downloadLink(documentId)).then(
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
  }, [documentId]);
  const count = doc?.pageCount ?? 1;
  const label = t('documents.viewer.page', { page, count });
  const show = (next: number) => setPage(Math.min(count, Math.max(1, next)));
  return (
    <section aria-label={t('documents.viewer.title', { name })} className="mb-4 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="mb-2 flex flex-wrap items-center gap-x-1 gap-y-2">
        <h2 className="mr-auto min-w-0 truncate text-sm font-semibold text-slate-900">{name}</h2>
        <Button theme="icon" aria-label={t('documents.viewer.previous')} disabled={page <= 1} onClick={() => show(page - 1)}>
          <ChevronLeftIcon className="size-5" />
        </Button>
        <span className="min-w-24 text-center text-sm text-slate-700" aria-live="polite">
          {label}
        </span>
        <Button theme="icon" aria-label={t('documents.viewer.next')} disabled={page >= count} onClick={() => show(page + 1)}>
          <ChevronRightIcon className="size-5" />
        </Button>
        <Button theme="icon" aria-label={t('documents.viewer.close')} onClick={onClose}>
          <CloseIcon className="size-5" />
        </Button>
      </div>
      <div className="overflow-hidden rounded-lg bg-slate-50 ring-1 ring-slate-200">
        {doc && !failed ? (
          <PdfCanvas doc={doc} page={page} label={`${name}, ${label}`} onDrawn={() => undefined} onFailed={() => setFailed(true)} />
        ) : (
          <div className="flex h-48 w-full items-center justify-center text-sm text-slate-500">
            {failed ? t('documents.viewer.failed') : t('documents.viewer.loading')}
          </div>
        )}
      </div>
    </section>
  );
}
