import { SCREENFLOW_CONTENT_TYPES, UPLOAD_CONTENT_TYPES, type RequestStepItem, type WorkflowItemDefinition } from '@portal/core/workflow';
import { Suspense, useId, useRef, useState } from 'react';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { StorageUploadError } from '../../../lib/storage-upload.ts';
import { uploadFile } from '../api/request-calls.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

/**
 * The progress bar shows only while a file is sent: it loads when a file is chosen, or a moment before (the pointer or
 * the focus on the button), not with the request's page (ADR 151).
 */
const loadBar = () => import('../../../components/ui/progress-bar.tsx');
const ProgressBar = lazyPart(loadBar, 'ProgressBar');
const preloadBar = () => void loadBar().catch(() => undefined);

/**
 * The upload of a file or screenflow item: one file after the other, each with a progress bar (the bytes
 * sent to storage), then verified by the API; a refused file shows the API's reason. The native file input
 * says "Choose files / No file chosen" in the browser's language, not the user's: it is hidden (out of the
 * tab order and the accessibility tree) and opened by a button in the user's language, named by the item's
 * label and the button text; the chosen files' names are listed (announced politely).
 */
export function FileUpload({
  definition,
  item,
  onUploaded,
}: {
  definition: WorkflowItemDefinition;
  item: RequestStepItem;
  onUploaded: () => void;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const [problem, setProblem] = useState('');
  const max = definition.type === 'file' ? 1 : (definition.maxFiles ?? 50);
  const room = max - item.files.length;
  const accept = (definition.type === 'screenflow' ? SCREENFLOW_CONTENT_TYPES : UPLOAD_CONTENT_TYPES).join(',');
  const upload = async (files: File[]) => {
    setProblem('');
    setChosen(files.slice(0, room).map((f) => f.name));
    preloadBar();
    for (const file of files.slice(0, room)) {
      setProgress({ name: file.name, share: 0 });
      try {
        await uploadFile(item.id, file, (share) => setProgress({ name: file.name, share }));
      } catch (error) {
        setProblem(`${file.name}: ${error instanceof StorageUploadError ? t('requestPage.upload.storageFailed') : errorMessage(error)}`);
        break;
      }
    }
    setProgress(null);
    onUploaded();
  };
  return (
    <div className="space-y-2">
      {room > 0 ? (
        <div>
          <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
            {definition.required ? `${definition.label} *` : definition.label}
          </span>
          <input
            ref={input}
            type="file"
            accept={accept}
            multiple={room > 1}
            disabled={progress !== null}
            tabIndex={-1}
            aria-hidden="true"
            className="sr-only"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length) void upload(files);
            }}
          />
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <Button
              theme="secondary"
              onClick={() => input.current?.click()}
              onPointerEnter={preloadBar}
              onFocus={preloadBar}
              disabled={progress !== null}
              aria-labelledby={`${id}-label ${id}-button`}
              aria-describedby={`${id}-hint ${id}-chosen`}
            >
              <span id={`${id}-button`}>{t(room > 1 ? 'requestPage.upload.chooseFiles' : 'requestPage.upload.chooseFile')}</span>
            </Button>
            <span id={`${id}-chosen`} aria-live="polite" className="min-w-0 text-sm break-words text-slate-600">
              {chosen.length ? t('requestPage.upload.chosen', { names: chosen.join(', ') }) : t('requestPage.upload.noneChosen')}
            </span>
          </div>
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {t(definition.type === 'screenflow' ? 'requestPage.upload.screenflowHint' : 'requestPage.upload.fileHint', { count: room })}
          </p>
        </div>
      ) : null}
      {progress ? (
        <div>
          <p className="text-xs text-slate-600">{t('requestPage.upload.sending', { name: progress.name })}</p>
          <Suspense fallback={null}>
            <ProgressBar
              percent={Math.round(progress.share * 100)}
              label={t('requestPage.upload.progress', { name: progress.name })}
              className="mt-1"
            />
          </Suspense>
        </div>
      ) : null}
      <ProblemAlert problem={problem} />
    </div>
  );
}
