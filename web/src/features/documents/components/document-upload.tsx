import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES, type DocumentContentType, XLSX_CONTENT_TYPE } from '@portal/core/documents';
import { useId, useRef, useState } from 'react';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { StorageUploadError } from '../../../lib/storage-upload.ts';
import { uploadDocument } from '../api/documents.ts';

/** The type the upload declares: the browser's, or for a workbook it did not name, by the extension (the server checks the bytes). */
function declaredType(file: File): DocumentContentType | null {
  const type = file.type || (/\.xlsx$/i.test(file.name) ? XLSX_CONTENT_TYPE : '');
  return DOCUMENT_CONTENT_TYPES.find((t) => t === type) ?? null;
}

/**
 * An editor's upload into a folder (ADR 082) through the one browser upload path (ADR 045): the folder (the
 * one shown, changeable), a button in the user's language opening the hidden file input, a progress bar, a
 * clear message for a file too large or of a type not accepted (checked here first, then by its bytes on the
 * server). A file of the same name in the folder is replaced (its old one becomes a version).
 */
export function DocumentUpload({ customerId, folder, onUploaded }: { customerId: string; folder: string; onUploaded: () => void }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState(folder);
  const [shownFolder, setShownFolder] = useState(folder);
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  // The folder follows the one opened until the user types another.
  if (shownFolder !== folder) {
    setShownFolder(folder);
    setTarget(folder);
  }
  const upload = async (file: File) => {
    setProblem('');
    setDone('');
    const type = declaredType(file);
    if (!type) return setProblem(t('documents.upload.wrongType', { name: file.name }));
    if (file.size > DOCUMENT_MAX_BYTES[type])
      return setProblem(t('documents.upload.tooLarge', { name: file.name, size: DOCUMENT_MAX_BYTES[type] / 1024 / 1024 }));
    setProgress({ name: file.name, share: 0 });
    try {
      // The form's Content-Type must match the one declared (ADR 045): a workbook the browser left untyped gets it.
      const typed = file.type === type ? file : new File([file], file.name, { type });
      const to = { folder: target.trim(), contentType: type, idempotencyKey: generateIdempotencyKey() };
      const uploaded = await uploadDocument(customerId, to, typed, (share) => setProgress({ name: file.name, share }));
      setDone(
        'requestId' in uploaded
          ? t('documents.upload.filed', { name: file.name, requestId: uploaded.requestId })
          : t('documents.upload.done', { name: file.name }),
      );
      onUploaded();
    } catch (error) {
      setProblem(`${file.name}: ${error instanceof StorageUploadError ? t('documents.upload.storageFailed') : errorMessage(error)}`);
    } finally {
      setProgress(null);
    }
  };
  return (
    <SectionCard title={t('documents.upload.title')} className="mt-4">
      {/* One block under the heading: the hints sit close to the fields they explain. */}
      <div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex flex-col text-sm text-slate-700 sm:w-72">
            <span className="font-medium">{t('documents.upload.folder')}</span>
            <input
              type="text"
              value={target}
              maxLength={200}
              aria-describedby={`${id}-folder-hint`}
              onChange={(e) => setTarget(e.target.value)}
              className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <input
            ref={input}
            type="file"
            accept={[...DOCUMENT_CONTENT_TYPES, '.xlsx'].join(',')}
            disabled={progress !== null}
            tabIndex={-1}
            aria-hidden="true"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Button theme="secondary" onClick={() => input.current?.click()} loading={progress !== null} aria-describedby={`${id}-hint`}>
            {t('documents.upload.choose')}
          </Button>
        </div>
        <p id={`${id}-folder-hint`} className="mt-1 text-xs text-slate-500">
          {t('documents.upload.folderHint')}
        </p>
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {t('documents.upload.hint')}
        </p>
        {progress ? (
          <div className="mt-2">
            <p className="text-xs text-slate-600">{t('documents.upload.sending', { name: progress.name })}</p>
            <ProgressBar percent={Math.round(progress.share * 100)} label={t('documents.upload.progress', { name: progress.name })} />
          </div>
        ) : null}
        <p role="status" className="mt-2 text-sm text-green-800">
          {done}
        </p>
        <ProblemAlert problem={problem} />
      </div>
    </SectionCard>
  );
}
