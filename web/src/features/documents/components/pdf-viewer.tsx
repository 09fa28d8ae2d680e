import { useState } from 'react';
import { PdfCanvas, usePdf } from '../../../components/pdf/pdf-canvas.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { downloadLink } from '../api/documents.ts';

/**
 * A PDF document in the page viewer of ADR 047 (the requests section's: pdf.js loaded on first use, pages
 * drawn on a canvas, nothing of the PDF runs), page by page. Its bytes come through the recorded download.
 */
export function PdfViewer({
  customerId = '',
  documentId,
  name,
  onClose,
}: {
  /** The folder's customer the supplier's editor chose ('' : the caller's own). */
  customerId?: string;
  documentId: string;
  name: string;
  onClose: () => void;
}) {
  const t = useT();
  const { doc, failed, fail } = usePdf(() => downloadLink(documentId, customerId));
  const [page, setPage] = useState(1);
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
      <div className="mx-auto max-w-2xl overflow-hidden rounded-lg bg-slate-50 ring-1 ring-slate-200">
        {doc && !failed ? (
          <PdfCanvas doc={doc} page={page} label={`${name}, ${label}`} onDrawn={() => undefined} onFailed={fail} />
        ) : (
          <div className="flex h-48 w-full items-center justify-center text-sm text-slate-500">
            {failed ? t('documents.viewer.failed') : t('documents.viewer.loading')}
          </div>
        )}
      </div>
    </section>
  );
}
