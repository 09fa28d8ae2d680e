import type { ItemComment, RequestFile, RequestStepItem } from '@portal/core/workflow';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePresignedDownload } from '../../../lib/use-presigned-download.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { addComment, downloadUrl, fetchFileLink, removeFile } from '../api/requests.ts';

type Spot = { x: number; y: number };

/**
 * The files of an upload item. Images show in the viewer: a click places a pin (0..1 of the image) and
 * opens the comment form; every positioned comment is a numbered pin, its thread beside the image; "Add
 * notes" comments on the image without a pin. Other files are download links.
 */
export function ItemFiles({ requestId, item, comments, mayRemove, onChanged }: { requestId: string; item: RequestStepItem; comments: ItemComment[]; mayRemove: boolean; onChanged: () => void }) {
  return (
    <ul className="space-y-6">
      {item.files.map((file) => (
        <li key={file.fileId}>
          {file.contentType.startsWith('image/') ? (
            <ImageWithPins requestId={requestId} item={item} file={file} comments={comments.filter((c) => c.requestStepItemId === item.id && c.fileId === file.fileId)} mayRemove={mayRemove} onChanged={onChanged} />
          ) : (
            <FileLink requestId={requestId} file={file} />
          )}
        </li>
      ))}
    </ul>
  );
}

function FileLink({ requestId, file }: { requestId: string; file: RequestFile }) {
  const t = useT();
  const { busy, failed, download } = usePresignedDownload(() => fetchFileLink(requestId, file.fileId));
  return (
    <div className="text-sm">
      <a href={downloadUrl(requestId, file.fileId)} aria-busy={busy || undefined} onClick={(event) => { event.preventDefault(); void download(); }} className="font-medium text-brand-700 hover:underline">
        {t('requests.files.download', { name: file.name })}
      </a>
      {failed ? <span className="ml-2 text-red-700">{t('requests.files.downloadFailed')}</span> : null}
    </div>
  );
}

function ImageWithPins({ requestId, item, file, comments, mayRemove, onChanged }: { requestId: string; item: RequestStepItem; file: RequestFile; comments: ItemComment[]; mayRemove: boolean; onChanged: () => void }) {
  const t = useT();
  const format = useUserFormat();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [spot, setSpot] = useState<Spot | null>(null);
  const [writing, setWriting] = useState(false);
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
  const pins = comments.filter((c) => c.positionX !== null && c.positionY !== null);
  return (
    <figure className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div>
        <div className="relative inline-block max-w-full overflow-hidden rounded-lg ring-1 ring-slate-200">
          {src ? (
            <img
              src={src}
              alt={file.name}
              className="block h-auto max-h-[70vh] max-w-full cursor-crosshair"
              onClick={(event) => {
                const box = event.currentTarget.getBoundingClientRect();
                setSpot({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
                setWriting(true);
              }}
            />
          ) : (
            <div className="flex h-48 w-72 max-w-full items-center justify-center bg-slate-50 text-sm text-slate-500">
              {failed ? t('requests.files.imageFailed') : t('requests.loading')}
            </div>
          )}
          {pins.map((c) => (
            <Pin key={c.commentId} x={c.positionX!} y={c.positionY!} label={String(c.pin ?? '•')} />
          ))}
          {spot && writing ? <Pin x={spot.x} y={spot.y} label={String(pins.length + 1)} pending /> : null}
        </div>
        <figcaption className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
          <span>{file.name}{file.width && file.height ? ` · ${file.width} × ${file.height}` : ''}</span>
          {src ? <span>{t('requests.pins.hint')}</span> : null}
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
              <span className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${c.pin ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-700'}`} aria-label={c.pin ? t('requests.pins.number', { pin: c.pin }) : t('requests.pins.note')}>
                {c.pin ?? '✎'}
              </span>
              <div className="min-w-0">
                <p className="whitespace-pre-line break-words text-slate-900">{c.comment}</p>
                <p className="text-xs text-slate-500">{c.author} · {formatDateTime(c.createdAt, format)}</p>
              </div>
            </li>
          ))}
        </ol>
        {writing ? (
          <CommentForm
            itemId={item.id}
            fileId={file.fileId}
            spot={spot}
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

function Pin({ x, y, label, pending = false }: { x: number; y: number; label: string; pending?: boolean }) {
  return (
    <span
      aria-hidden="true"
      style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
      className={`pointer-events-none absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full text-xs font-bold text-white shadow ring-2 ring-white ${pending ? 'bg-orange-500' : 'bg-brand-600'}`}
    >
      {label}
    </span>
  );
}

function CommentForm({ itemId, fileId, spot, onDone }: { itemId: string; fileId: string; spot: Spot | null; onDone: (saved: boolean) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const save = async () => {
    setBusy(true);
    setProblem('');
    try {
      await addComment({ requestStepItemId: itemId, comment: text, fileId, ...(spot ? { positionX: spot.x, positionY: spot.y } : {}) });
      onDone(true);
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <form className="space-y-2" onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <TextAreaField label={spot ? t('requests.pins.commentPin') : t('requests.pins.commentNote')} value={text} onValueChange={setText} rows={3} autoFocus />
      {problem ? <Alert theme="red" role="alert">{problem}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" loading={busy} disabled={!text.trim()}>{t('requests.pins.save')}</Button>
        <Button theme="text" onClick={() => onDone(false)}>{t('requests.cancel')}</Button>
      </div>
    </form>
  );
}
