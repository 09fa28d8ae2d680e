import { SCREENFLOW_CONTENT_TYPES, UPLOAD_CONTENT_TYPES, type RequestStepItem, type WorkflowItemDefinition } from '@portal/core/workflow';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { StorageUploadError, uploadFile } from '../api/requests.ts';

/**
 * The upload of a file or screenflow item: one file after the other, each with a progress bar (the bytes
 * sent to storage), then verified by the API; a refused file shows the API's reason.
 */
export function FileUpload({ definition, item, onUploaded }: { definition: WorkflowItemDefinition; item: RequestStepItem; onUploaded: () => void }) {
  const t = useT();
  const id = useId();
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const [problem, setProblem] = useState('');
  const max = definition.type === 'file' ? 1 : (definition.maxFiles ?? 50);
  const room = max - item.files.length;
  const accept = (definition.type === 'screenflow' ? SCREENFLOW_CONTENT_TYPES : UPLOAD_CONTENT_TYPES).join(',');
  const upload = async (files: File[]) => {
    setProblem('');
    for (const file of files.slice(0, room)) {
      setProgress({ name: file.name, share: 0 });
      try {
        await uploadFile(item.id, file, (share) => setProgress({ name: file.name, share }));
      } catch (error) {
        setProblem(`${file.name}: ${error instanceof StorageUploadError ? t('requests.upload.storageFailed') : errorMessage(error)}`);
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
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            {definition.required ? `${definition.label} *` : definition.label}
          </label>
          <input
            id={id}
            type="file"
            accept={accept}
            multiple={room > 1}
            disabled={progress !== null}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length) void upload(files);
            }}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          />
          <p className="mt-1 text-xs text-slate-500">{t(definition.type === 'screenflow' ? 'requests.upload.screenflowHint' : 'requests.upload.fileHint', { count: room })}</p>
        </div>
      ) : null}
      {progress ? (
        <div>
          <p className="text-xs text-slate-600">{t('requests.upload.sending', { name: progress.name })}</p>
          <ProgressBar percent={Math.round(progress.share * 100)} label={t('requests.upload.progress', { name: progress.name })} className="mt-1" />
        </div>
      ) : null}
      {problem ? <Alert theme="red" role="alert">{problem}</Alert> : null}
    </div>
  );
}
