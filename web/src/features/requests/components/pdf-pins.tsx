import { useRef, useState } from 'react';
import { PdfCanvas, usePdf } from '../../../components/pdf/pdf-canvas.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useNearView } from '../../../components/ui/near-view.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { fetchFileLink } from '../api/request-calls.ts';
import { FileLink } from './file-link.tsx';
import { PinBoard, type PinnedFileProps, SurfaceMessage } from './pin-board.tsx';

/**
 * A PDF answer page by page with numbered pins (ADR 047): "Page n of N" with previous and
 * next, the page drawn by pdf.js on a canvas as wide as the viewer, a click places a pin on the page shown,
 * and the thread beside it names each pin's page (its number shows that page); the whole file stays a
 * download. pdf.js (~490 KB with its worker) and the file load once the page's place nears the viewport (ADR 141's
 * rule for parts below the first view; ADR 150): a request opened for its data does not download a viewer it does not
 * show.
 */
export function PdfWithPins({ requestId, item, file, comments, mayRemove, onChanged }: PinnedFileProps) {
  const t = useT();
  // The bytes through the request route's download (ADR 045: a short presigned GET of an attachment).
  const [place, near] = useNearView<HTMLDivElement>();
  const { doc, failed, fail } = usePdf(() => fetchFileLink(requestId, file.fileId), near);
  const [drawn, setDrawn] = useState(false);
  const [page, setPage] = useState(1);
  const toolbar = useRef<HTMLDivElement>(null);
  const pageCount = doc?.pageCount ?? file.pageCount ?? 1;
  const show = (next: number) => setPage(Math.min(pageCount, Math.max(1, next)));
  const label = t('requestPage.pdf.page', { page, count: pageCount });
  return (
    <PinBoard
      item={item}
      file={file}
      comments={comments}
      page={page}
      label={label}
      ready={drawn && !failed}
      mayRemove={mayRemove}
      onChanged={onChanged}
      onShowPage={(next) => {
        show(next);
        toolbar.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      }}
      toolbar={
        <div ref={toolbar} className="mb-2 flex flex-wrap items-center gap-x-1 gap-y-2">
          <Button theme="icon" aria-label={t('requestPage.pdf.previous')} disabled={page <= 1} onClick={() => show(page - 1)}>
            <ChevronLeftIcon className="size-5" />
          </Button>
          <span className="min-w-24 text-center text-sm text-slate-700" aria-live="polite">
            {label}
          </span>
          <Button theme="icon" aria-label={t('requestPage.pdf.next')} disabled={page >= pageCount} onClick={() => show(page + 1)}>
            <ChevronRightIcon className="size-5" />
          </Button>
          <div className="ml-auto">
            <FileLink requestId={requestId} file={file} />
          </div>
        </div>
      }
      surface={
        doc && !failed ? (
          <PdfCanvas doc={doc} page={page} label={`${file.name}, ${label}`} onDrawn={() => setDrawn(true)} onFailed={fail} />
        ) : (
          <SurfaceMessage wide place={place}>
            {failed ? t('requestPage.pdf.failed') : t('requests.loading')}
          </SurfaceMessage>
        )
      }
    />
  );
}
