import { type Document, DOWNLOADS_KEPT_MONTHS } from '@portal/core/documents';
import { useState } from 'react';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { deleteDocument, restoreVersion, useDownloads, useVersions } from '../api/documents.ts';

/**
 * An editor's view of one document (ADR 082): who downloaded it and when, its earlier versions with a restore
 * each (a new version; one key per click, so a retried call restores once), and a soft delete after a confirm.
 */
export function DocumentDetails({
  customerId,
  doc,
  onClose,
  onChanged,
}: {
  customerId: string;
  doc: Document;
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const t = useT();
  const format = useUserFormat();
  const downloads = useDownloads(customerId, doc.documentId);
  const versions = useVersions(customerId, doc.documentId);
  const [confirming, setConfirming] = useState(false);
  // Busy after success too: the details close with the change's message.
  const { busy, problem, run: call } = useBusyCall({ holdOnSuccess: true });
  const run = (change: () => Promise<string>) => call(async () => onChanged(await change()));
  if (confirming)
    return (
      <Dialog
        open
        onClose={() => setConfirming(false)}
        title={t('documents.details.confirmTitle', { name: doc.name })}
        closeLabel={t('documents.details.cancel')}
        closeButton="action"
        actions={
          <Button
            theme="primary"
            loading={busy}
            onClick={() =>
              void run(async () => {
                await deleteDocument(customerId, doc.documentId);
                return t('documents.details.deleted', { name: doc.name });
              })
            }
          >
            {t('documents.details.confirm')}
          </Button>
        }
      >
        <p className="text-sm text-slate-700">{t('documents.details.confirmText')}</p>
        <ProblemAlert problem={problem} />
      </Dialog>
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={doc.name}
      closeLabel={t('documents.details.close')}
      closeButton="action"
      actions={
        <Button theme="secondary" onClick={() => setConfirming(true)}>
          {t('documents.details.delete')}
        </Button>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>{t('documents.details.current', { version: doc.version })}</p>
        <section>
          <h3 className="font-medium text-slate-900">{t('documents.details.downloads')}</h3>
          <p className="text-xs text-slate-500">{t('documents.details.downloadsKept', { count: DOWNLOADS_KEPT_MONTHS })}</p>
          {downloads.error ? <p>{t('documents.details.failed')}</p> : null}
          {downloads.data?.downloads.length === 0 ? <p className="text-slate-500">{t('documents.details.noDownloads')}</p> : null}
          <ul className="mt-1 max-h-40 space-y-1 overflow-y-auto">
            {downloads.data?.downloads.map((d) => (
              <li key={`${d.at}-${d.username}`} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">{d.username}</span>
                <span className="shrink-0 tabular-nums text-slate-500">{formatDateTime(d.at, format)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="font-medium text-slate-900">{t('documents.details.versions')}</h3>
          {versions.error ? <p>{t('documents.details.failed')}</p> : null}
          {versions.data?.versions.length === 0 ? <p className="text-slate-500">{t('documents.details.noVersions')}</p> : null}
          <ul className="mt-1 max-h-48 space-y-2 overflow-y-auto">
            {versions.data?.versions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {t('documents.details.version', { version: v.version })} · {formatDateTime(v.uploadedAt, format)} · {v.uploadedBy}
                </span>
                <Button
                  theme="secondary"
                  disabled={busy}
                  onClick={() =>
                    void run(async () => {
                      await restoreVersion(customerId, doc.documentId, v.version, generateIdempotencyKey());
                      return t('documents.details.restored', { version: v.version });
                    })
                  }
                >
                  {t('documents.details.restore', { version: v.version })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
        <ProblemAlert problem={problem} />
      </div>
    </Dialog>
  );
}
