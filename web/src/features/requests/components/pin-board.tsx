import type { ItemComment, RequestFile, RequestStepItem } from '@portal/core/workflow';
import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { addComment, removeFile } from '../api/request-calls.ts';

/** Where a new pin goes: 0..1 of the surface, on the PDF page shown when it was placed (null: an image). */
type Spot = { x: number; y: number; page: number | null };
type Point = { x: number; y: number };
/** A comment with a pin on the surface. */
type PositionedComment = ItemComment & { positionX: number; positionY: number };
const isPositioned = (c: ItemComment): c is PositionedComment => c.positionX !== null && c.positionY !== null;

/** The keyboard crosshair's steps, as parts of the surface: an arrow key, and with Shift. */
const STEP = 0.02;
const BIG_STEP = 0.1;
const MOVES: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export const isPdf = (file: RequestFile) => file.contentType === 'application/pdf';

/**
 * The viewer's place while its file is not shown: "Loading…" or why it failed, as wide as a PDF page (`wide`) or an
 * image's usual width. `place` marks it for useNearView (a PDF loads near the viewport, ADR 152).
 */
export function SurfaceMessage({ wide, place, children }: { wide?: boolean; place?: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <div
      ref={place}
      className={`flex h-48 ${wide ? 'w-full' : 'w-72 max-w-full'} items-center justify-center bg-slate-50 text-sm text-slate-500`}
    >
      {children}
    </div>
  );
}

/** What a viewer of one pinned file (image-pins.tsx, pdf-pins.tsx) is given. */
export type PinnedFileProps = {
  requestId: string;
  item: RequestStepItem;
  file: RequestFile;
  /** The comments on this file. */
  comments: ItemComment[];
  mayRemove: boolean;
  onChanged: () => void;
};

type PinBoardProps = {
  item: RequestStepItem;
  file: RequestFile;
  /** The comments on this file. */
  comments: ItemComment[];
  surface: ReactNode;
  /** What the surface shows, for its accessible name: "Screen 1 of 2", "Page 2 of 3". */
  label: string;
  /** The surface is drawn: clicks place pins. */
  ready: boolean;
  page?: number | null;
  toolbar?: ReactNode;
  details?: ReactNode;
  mayRemove: boolean;
  onChanged: () => void;
  onShowPage?: (page: number) => void;
};

/**
 * One pinned file, whatever draws it (ADR 045, 047): `surface` is the image or the shown PDF page; a click
 * on it places a pin (0..1 of the surface) and opens the comment form; every positioned comment is a
 * numbered pin on it, the file's thread beside it; "Add a general note" comments on the file without a pin
 * (labelled so, with a line saying how a pin is placed instead: ADR 053). For a
 * PDF, `page` is the page shown: pins of other pages are hidden, a new pin is on this page, and a pin's
 * number in the thread shows its page (`onShowPage`). `page` is null for an image. Pin numbers count per
 * file, across a PDF's pages, as the server numbers them.
 * By keyboard (ADR 047): the surface is focusable, named `label` ("Screen 1 of 2", "Page 2 of 3")
 * and how to place a pin; a crosshair starts at its centre, arrow keys move it (Shift: bigger steps), Enter
 * opens the same comment form there, Escape cancels. Each pin is a button to its comment in the thread.
 */
export function PinBoard({
  item,
  file,
  comments,
  surface,
  label,
  ready,
  page = null,
  toolbar,
  details,
  mayRemove,
  onChanged,
  onShowPage,
}: PinBoardProps) {
  const t = useT();
  const pdf = isPdf(file);
  const placing = usePinPlacement({ ready, page, onChanged });
  const { spot, writing, closeForm } = placing;
  const pins = comments.filter(isPositioned);
  return (
    <figure className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0">
        {toolbar}
        <PinSurface placing={placing} pins={pins} page={page} pdf={pdf} label={label} ready={ready}>
          {surface}
        </PinSurface>
        <PinCaption
          item={item}
          file={file}
          details={details}
          ready={ready}
          aiming={placing.aim !== null && !writing}
          mayRemove={mayRemove}
          onChanged={onChanged}
        />
      </div>
      <div className="space-y-3">
        <PinThread comments={comments} page={page} onShowPage={onShowPage} />
        {writing ? (
          <CommentForm
            itemId={item.id}
            fileId={file.fileId}
            spot={spot}
            noteLabel={t(pdf ? 'requestPage.pdf.commentNote' : 'requestPage.pins.commentNote')}
            onDone={closeForm}
          />
        ) : (
          <GeneralNoteStart onStart={placing.startNote} />
        )}
      </div>
    </figure>
  );
}

type Placing = ReturnType<typeof usePinPlacement>;

/**
 * Where the next pin goes and whether its comment form is open: a click or the keyboard crosshair (`aim`,
 * while the surface has focus) places it; closing a form opened by keyboard returns focus to the surface.
 */
function usePinPlacement({ ready, page, onChanged }: { ready: boolean; page: number | null; onChanged: () => void }) {
  const [spot, setSpot] = useState<Spot | null>(null);
  const [writing, setWriting] = useState(false);
  const [aim, setAim] = useState<Point | null>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  /** The open form's pin was placed by keyboard: closing it returns focus to the surface. */
  const byKeyboard = useRef(false);
  const place = (at: Point, keyboard: boolean) => {
    byKeyboard.current = keyboard;
    setSpot({ ...at, page });
    setWriting(true);
  };
  const startNote = () => {
    setSpot(null);
    setWriting(true);
  };
  const closeForm = (saved: boolean) => {
    setWriting(false);
    setSpot(null);
    if (byKeyboard.current) surfaceRef.current?.focus();
    byKeyboard.current = false;
    if (saved) onChanged();
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!ready || event.target !== event.currentTarget) return;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const step = event.shiftKey ? BIG_STEP : STEP;
      setAim((at) => (at ? { x: clamp(at.x + move.x * step), y: clamp(at.y + move.y * step) } : CENTRE));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      place(aim ?? CENTRE, true);
    } else if (event.key === 'Escape') {
      if (writing && spot) closeForm(false);
      setAim(null);
    }
  };
  return { spot, writing, aim, setAim, surfaceRef, place, startNote, closeForm, onKey };
}

/** The focusable surface (ADR 047): the drawn file, its pins of the page shown, the new pin and the crosshair. */
function PinSurface({
  placing: { spot, writing, aim, setAim, surfaceRef, place, onKey },
  pins,
  page,
  pdf,
  label,
  ready,
  children,
}: {
  placing: Placing;
  pins: PositionedComment[];
  page: number | null;
  pdf: boolean;
  label: string;
  ready: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const shown = pins.filter((c) => page === null || c.page === page);
  const nextPin = Math.max(0, ...pins.map((c) => c.pin ?? 0)) + 1;
  return (
    <>
      <div
        ref={surfaceRef}
        data-testid="pin-surface"
        // A custom keyboard widget: screen readers pass the arrow keys through to it.
        role={ready ? 'application' : undefined}
        aria-label={ready ? t('requestPage.pins.place', { what: label }) : undefined}
        tabIndex={ready ? 0 : undefined}
        className={`group relative max-w-full overflow-hidden rounded-lg ring-1 ring-slate-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${pdf ? 'block' : 'inline-block'} ${ready ? 'cursor-crosshair' : ''}`}
        onClick={(event) => {
          if (!ready) return;
          const box = event.currentTarget.getBoundingClientRect();
          place({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) }, false);
        }}
        onFocus={(event) => {
          if (ready && event.target === event.currentTarget) setAim((at) => at ?? CENTRE);
        }}
        onBlur={(event) => {
          if (event.target === event.currentTarget) setAim(null);
        }}
        onKeyDown={onKey}
      >
        {children}
        {shown.map((c) => (
          <Pin key={c.commentId} comment={c} />
        ))}
        {spot && writing && spot.page === page ? <PendingPin x={spot.x} y={spot.y} label={String(nextPin)} /> : null}
        {aim && !writing ? <Crosshair at={aim} /> : null}
      </div>
      <span className="sr-only" aria-live="polite">
        {aim && !writing ? t('requestPage.pins.aim', { x: Math.round(aim.x * 100), y: Math.round(aim.y * 100) }) : ''}
      </span>
    </>
  );
}

/** Under the surface: the file's name and details, how a pin is placed, and "Remove" where allowed. */
function PinCaption({
  item,
  file,
  details,
  ready,
  aiming,
  mayRemove,
  onChanged,
}: {
  item: RequestStepItem;
  file: RequestFile;
  details?: ReactNode;
  ready: boolean;
  aiming: boolean;
  mayRemove: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  return (
    <figcaption className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
      <span>
        {file.name}
        {details ? <> · {details}</> : null}
      </span>
      {ready ? (
        <span>{aiming ? t('requestPage.pins.keys') : t(isPdf(file) ? 'requestPage.pdf.hint' : 'requestPage.pins.hint')}</span>
      ) : null}
      {mayRemove ? (
        <button
          type="button"
          className="font-semibold text-red-700 hover:underline"
          onClick={() => void removeFile(item.id, file.fileId).then(onChanged)}
        >
          {t('requestPage.files.remove')}
        </button>
      ) : null}
    </figcaption>
  );
}

/** The file's thread: every comment with its pin number (or note mark), author, time and page. */
function PinThread({ comments, page, onShowPage }: { comments: ItemComment[]; page: number | null; onShowPage?: (page: number) => void }) {
  const t = useT();
  const format = useUserFormat();
  return (
    <>
      <h4 className="text-sm font-semibold text-slate-900">{t('requestPage.pins.thread')}</h4>
      {comments.length === 0 ? <p className="text-sm text-slate-500">{t('requestPage.pins.none')}</p> : null}
      <ol className="space-y-2">
        {comments.map((c) => (
          <li
            key={c.commentId}
            id={threadId(c)}
            tabIndex={-1}
            className="flex gap-2 rounded text-sm focus:outline-2 focus:outline-offset-2 focus:outline-brand-600"
          >
            <PinNumber comment={c} current={page} onShowPage={onShowPage} />
            <div className="min-w-0">
              <p className="whitespace-pre-line break-words text-slate-900">{c.comment}</p>
              <p className="text-xs text-slate-500">
                {c.authorName ?? c.author} · {formatDateTime(c.createdAt, format)}
                {c.page !== null ? <> · {t('requestPage.pdf.onPage', { page: c.page })}</> : null}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** "Add a general note": a comment on the file without a pin, with a line saying how a pin is placed instead (ADR 053). */
function GeneralNoteStart({ onStart }: { onStart: () => void }) {
  const t = useT();
  const generalNoteId = useId();
  return (
    <div className="space-y-1">
      <Button theme="secondary" onClick={onStart} aria-describedby={`${generalNoteId}-help`}>
        {t('requestPage.pins.addNotes')}
      </Button>
      <p id={`${generalNoteId}-help`} className="text-xs text-slate-500">
        {t('requestPage.pins.addNotesHelp')}
      </p>
    </div>
  );
}

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
const CENTRE: Point = { x: 0.5, y: 0.5 };
/** A thread entry's element id: a pin on the surface moves focus to it. */
const threadId = (c: ItemComment) => `pin-thread-${c.commentId}`;
/** The start of a comment, for a pin's accessible name. */
const commentStart = (text: string) => (text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text);

const badge = 'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold';

/** The thread's mark of a comment: its pin number (on a PDF, a button that shows the pin's page), or a note mark. */
function PinNumber({
  comment: c,
  current,
  onShowPage,
}: {
  comment: ItemComment;
  current: number | null;
  onShowPage?: (page: number) => void;
}) {
  const t = useT();
  if (c.pin === null)
    return (
      <span className={`${badge} bg-slate-200 text-slate-700`} aria-label={t('requestPage.pins.note')}>
        ✎
      </span>
    );
  if (c.page === null || !onShowPage)
    return (
      <span className={`${badge} bg-brand-600 text-white`} aria-label={t('requestPage.pins.number', { pin: c.pin })}>
        {c.pin}
      </span>
    );
  const page = c.page;
  return (
    <button
      type="button"
      className={`${badge} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${page === current ? 'ring-2 ring-brand-200' : ''}`}
      aria-label={t('requestPage.pdf.showPin', { pin: c.pin, page })}
      onClick={() => onShowPage(page)}
    >
      {c.pin}
    </button>
  );
}

const pinClass =
  'absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full text-xs font-bold text-white shadow ring-2 ring-white';

/** A pin on the surface: a button named "Pin 2: <comment start>" that moves focus to its comment in the thread. */
function Pin({ comment: c }: { comment: PositionedComment }) {
  const t = useT();
  const label = String(c.pin ?? '•');
  return (
    <button
      type="button"
      data-pin={label}
      style={{ left: `${c.positionX * 100}%`, top: `${c.positionY * 100}%` }}
      className={`${pinClass} bg-brand-600 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
      aria-label={t('requestPage.pins.goTo', { pin: label, comment: commentStart(c.comment) })}
      onClick={(event) => {
        // Not a new pin here: the click is the pin's.
        event.stopPropagation();
        document.getElementById(threadId(c))?.focus();
      }}
    >
      {label}
    </button>
  );
}

/** The new pin while its comment is written. */
function PendingPin({ x, y, label }: Point & { label: string }) {
  return (
    <span
      aria-hidden="true"
      data-pin={label}
      style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
      className={`${pinClass} pointer-events-none bg-orange-500`}
    >
      {label}
    </span>
  );
}

/** The keyboard's aim: lines across the surface meeting in a ring; shown only while focus is visible (not after a click). */
function Crosshair({ at }: { at: Point }) {
  const line = 'absolute bg-orange-500 shadow-[0_0_0_1px_white]';
  return (
    <span aria-hidden="true" data-testid="pin-aim" className="pointer-events-none absolute inset-0 hidden group-focus-visible:block">
      <span className={`${line} inset-x-0 h-0.5 -translate-y-1/2`} style={{ top: `${at.y * 100}%` }} />
      <span className={`${line} inset-y-0 w-0.5 -translate-x-1/2`} style={{ left: `${at.x * 100}%` }} />
      <span
        className="absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-orange-500 ring-2 ring-white"
        style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%` }}
      />
    </span>
  );
}

function CommentForm({
  itemId,
  fileId,
  spot,
  noteLabel,
  onDone,
}: {
  itemId: string;
  fileId: string;
  spot: Spot | null;
  noteLabel: string;
  onDone: (saved: boolean) => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const { busy, problem, run } = useBusyCall({ holdOnSuccess: true });
  const save = () =>
    run(async () => {
      const pin = spot ? { positionX: spot.x, positionY: spot.y, ...(spot.page !== null ? { page: spot.page } : {}) } : {};
      await addComment({ requestStepItemId: itemId, comment: text, fileId, ...pin });
      onDone(true);
    });
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onDone(false);
      }}
    >
      <TextAreaField label={spot ? t('requestPage.pins.commentPin') : noteLabel} value={text} onValueChange={setText} rows={3} autoFocus />
      <ProblemAlert problem={problem} />
      <div className="flex gap-2">
        <Button type="submit" loading={busy} disabled={!text.trim()}>
          {t('requestPage.pins.save')}
        </Button>
        <Button theme="text" onClick={() => onDone(false)}>
          {t('requests.cancel')}
        </Button>
      </div>
    </form>
  );
}
