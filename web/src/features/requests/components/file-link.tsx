import type { RequestFile } from '@portal/core/workflow';
import { useT } from '../../../i18n/index.ts';
import { usePresignedDownload } from '../../../lib/use-presigned-download.ts';
import { downloadUrl, fetchFileLink } from '../api/request-calls.ts';

/** A file's download (ADR 045: the request route's presigned GET, an attachment): other files' only view, and a PDF's beside its pages. */
export function FileLink({ requestId, file }: { requestId: string; file: RequestFile }) {
  const t = useT();
  const { busy, failed, download } = usePresignedDownload(() => fetchFileLink(requestId, file.fileId));
  return (
    <div className="text-sm">
      <a
        href={downloadUrl(requestId, file.fileId)}
        aria-busy={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          void download();
        }}
        className="font-medium text-brand-700 hover:underline"
      >
        {t('requestPage.files.download', { name: file.name })}
      </a>
      {failed ? <span className="ml-2 text-red-700">{t('requestPage.files.downloadFailed')}</span> : null}
    </div>
  );
}
