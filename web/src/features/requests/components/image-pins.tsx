import type { ItemComment, RequestFile, RequestStepItem } from '@portal/core/workflow';
import { Suspense, useEffect, useState } from 'react';
import { useT } from '../../../i18n/index.ts';
import { fetchFileLink } from '../api/request-calls.ts';
import { FileLink } from './file-link.tsx';
import { isPdf, PinBoard, type PinnedFileProps, SurfaceMessage } from './pin-board.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The PDF viewer's module (the pager, the canvas, pdf.js's loader) only for an item with a PDF (ADR 152).
const PdfWithPins = lazyPart(() => import('./pdf-pins.tsx'), 'PdfWithPins');

/**
 * The files of an upload item. Images and PDFs show in a viewer with numbered pins and the file's thread
 * (pin-board.tsx; a PDF page by page, pdf-pins.tsx); other files are download links. `comments` are the
 * request's: each viewer gets those on its file.
 */
export function ItemFiles({ requestId, item, comments, mayRemove, onChanged }: Omit<PinnedFileProps, 'file'>) {
  return (
    <ul className="space-y-6">
      {item.files.map((file, index) => {
        const pinned = { requestId, item, file, comments: commentsOn(comments, item, file), mayRemove, onChanged };
        return (
          <li key={file.fileId}>
            {file.contentType.startsWith('image/') ? (
              <ImageWithPins {...pinned} n={index + 1} />
            ) : isPdf(file) ? (
              <Suspense fallback={<Loading />}>
                <PdfWithPins {...pinned} />
              </Suspense>
            ) : (
              <FileLink requestId={requestId} file={file} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Loading() {
  const t = useT();
  return <SurfaceMessage wide>{t('requests.loading')}</SurfaceMessage>;
}

const commentsOn = (comments: ItemComment[], item: RequestStepItem, file: RequestFile) =>
  comments.filter((c) => c.requestStepItemId === item.id && c.fileId === file.fileId);

/** An image with pins; `n` is its place among the item's files ("Screen 2 of 3"). */
function ImageWithPins({ requestId, item, file, n, comments, mayRemove, onChanged }: PinnedFileProps & { n: number }) {
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchFileLink(requestId, file.fileId).then(
      ({ url }) => live && setSrc(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [requestId, file.fileId]);
  return (
    <PinBoard
      item={item}
      file={file}
      comments={comments}
      label={t(item.type === 'screenflow' ? 'requestPage.pins.screen' : 'requestPage.pins.image', { n, count: item.files.length })}
      ready={src !== null}
      details={file.width && file.height ? `${file.width} × ${file.height}` : undefined}
      mayRemove={mayRemove}
      onChanged={onChanged}
      surface={
        src ? (
          <img src={src} alt={file.name} className="block h-auto max-h-[70vh] max-w-full" />
        ) : (
          <SurfaceMessage>{failed ? t('requestPage.files.imageFailed') : t('requests.loading')}</SurfaceMessage>
        )
      }
    />
  );
}
