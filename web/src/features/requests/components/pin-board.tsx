import type { ItemComment, RequestFile, RequestStepItem } from '@portal/core/workflow';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { addComment, removeFile } from '../api/requests.ts';
import { useDialogAction } from './action-dialog.tsx';

/** Where a new pin goes: 0..1 of the surface, on the PDF page shown when it was placed (null: an image). */
type Spot = { x: number; y: number; page: number | null };

export const isPdf = (file: RequestFile) => file.contentType === 'application/pdf';

/**
 * One pinned file, whatever draws it (ADR 045, 047): `surface` is the image or the shown PDF page; a click
 * on it places a pin (0..1 of the surface) and opens the comment form; every positioned comment is a
 * numbered pin on it, the file's thread beside it; "Add notes" comments on the file without a pin. For a
 * PDF, `page` is the page shown: pins of other pages are hidden, a new pin is on this page, and a pin's
 * number in the thread shows its page (`onShowPage`). `page` is null for an image. Pin numbers count per
 * file, across a PDF's pages, as the server numbers them.
 */
export function PinBoard({
  item,
  file,
  comments,
  surface,
  ready,
  page = null,
  toolbar,
  details,
  mayRemove,
  onChanged,
  onShowPage,
}: {
  item: RequestStepItem;
  file: RequestFile;
  /** The comments on this file. */
  comments: ItemComment[];
  surface: ReactNode;
  /** The surface is drawn: clicks place pins. */
  ready: boolean;
  page?: number | null;
  toolbar?: ReactNode;
  details?: ReactNode;
  mayRemove: boolean;
  onChanged: () => void;
  onShowPage?: (page: number) => void;
}) {
  const t = useT();
  const format = useUserFormat();
  const pdf = isPdf(file);
  const [spot, setSpot] = useState<Spot | null>(null);
  const [writing, setWriting] = useState(false);
  const pins = comments.filter((c) => c.positionX !== null && c.positionY !== null);
  const shown = pins.filter((c) => page === null || c.page === page);
  const nextPin = Math.max(0, ...pins.map((c) => c.pin ?? 0)) + 1;
  return (
    <figure className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0">
        {toolbar}
        <div
          data-testid="pin-surface"
          className={`relative max-w-full overflow-hidden rounded-lg ring-1 ring-slate-200 ${pdf ? 'block' : 'inline-block'} ${ready ? 'cursor-crosshair' : ''}`}
          onClick={(event) => {
            if (!ready) return;
            const box = event.currentTarget.getBoundingClientRect();
            setSpot({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height), page });
            setWriting(true);
          }}
        >
          {surface}
          {shown.map((c) => (
            <Pin key={c.commentId} x={c.positionX!} y={c.positionY!} label={String(c.pin ?? '•')} />
          ))}
          {spot && writing && spot.page === page ? <Pin x={spot.x} y={spot.y} label={String(nextPin)} pending /> : null}
        </div>
        <figcaption className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
          <span>{file.name}{details ? <> · {details}</> : null}</span>
          {ready ? <span>{t(pdf ? 'requests.pdf.hint' : 'requests.pins.hint')}</span> : null}
          {mayRemove ? (
            <button type="button" className="font-semibold text-red-700 hover:underline" onClick={() => void removeFile(item.id, file.fileId).then(onChanged)}>
              {t('requests.files.remove')}
            </button>
          ) : null}
        </figcaption>
      </div>
      <div className="space-y-3">
        <h4 className="text-sm font-semibold text-slate-900">{t('requests.pins.thread')}</h4>
        {comments.length === 0 ? <p className="text-sm text-slate-500">{t('requests.pins.none')}</p> : null}
        <ol className="space-y-2">
          {comments.map((c) => (
            <li key={c.commentId} className="flex gap-2 text-sm">
              <PinNumber comment={c} current={page} onShowPage={onShowPage} />
              <div className="min-w-0">
                <p className="whitespace-pre-line break-words text-slate-900">{c.comment}</p>
                <p className="text-xs text-slate-500">
                  {c.author} · {formatDateTime(c.createdAt, format)}
                  {c.page !== null ? <> · {t('requests.pdf.onPage', { page: c.page })}</> : null}
                </p>
              </div>
            </li>
          ))}
        </ol>
        {writing ? (
          <CommentForm
            itemId={item.id}
            fileId={file.fileId}
            spot={spot}
            noteLabel={t(pdf ? 'requests.pdf.commentNote' : 'requests.pins.commentNote')}
            onDone={(saved) => {
              setWriting(false);
              setSpot(null);
              if (saved) onChanged();
            }}
          />
        ) : (
          <Button theme="secondary" onClick={() => { setSpot(null); setWriting(true); }}>{t('requests.pins.addNotes')}</Button>
        )}
      </div>
    </figure>
  );
}

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));

const badge = 'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold';

/** The thread's mark of a comment: its pin number (on a PDF, a button that shows the pin's page), or a note mark. */
function PinNumber({ comment: c, current, onShowPage }: { comment: ItemComment; current: number | null; onShowPage?: (page: number) => void }) {
  const t = useT();
  if (c.pin === null) return <span className={`${badge} bg-slate-200 text-slate-700`} aria-label={t('requests.pins.note')}>✎</span>;
  if (c.page === null || !onShowPage) return <span className={`${badge} bg-brand-600 text-white`} aria-label={t('requests.pins.number', { pin: c.pin })}>{c.pin}</span>;
  const page = c.page;
  return (
    <button
      type="button"
      className={`${badge} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${page === current ? 'ring-2 ring-brand-200' : ''}`}
      aria-label={t('requests.pdf.showPin', { pin: c.pin, page })}
      onClick={() => onShowPage(page)}
    >
      {c.pin}
    </button>
  );
}

function Pin({ x, y, label, pending = false }: { x: number; y: number; label: string; pending?: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-pin={label}
      style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
      className={`pointer-events-none absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full text-xs font-bold text-white shadow ring-2 ring-white ${pending ? 'bg-orange-500' : 'bg-brand-600'}`}
    >
      {label}
    </span>
  );
}

function CommentForm({ itemId, fileId, spot, noteLabel, onDone }: { itemId: string; fileId: string; spot: Spot | null; noteLabel: string; onDone: (saved: boolean) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const { busy, problem, run } = useDialogAction();
  const save = () =>
    run(async () => {
      const pin = spot ? { positionX: spot.x, positionY: spot.y, ...(spot.page !== null ? { page: spot.page } : {}) } : {};
      await addComment({ requestStepItemId: itemId, comment: text, fileId, ...pin });
      onDone(true);
    });
  return (
    <form className="space-y-2" onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <TextAreaField label={spot ? t('requests.pins.commentPin') : noteLabel} value={text} onValueChange={setText} rows={3} autoFocus />
      {problem ? <Alert theme="red" role="alert">{problem}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" loading={busy} disabled={!text.trim()}>{t('requests.pins.save')}</Button>
        <Button theme="text" onClick={() => onDone(false)}>{t('requests.cancel')}</Button>
      </div>
    </form>
  );
}
