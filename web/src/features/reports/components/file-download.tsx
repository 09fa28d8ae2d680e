import type { ReportFile } from '@portal/core/report';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { usePresignedDownload } from '../../../lib/use-presigned-download.ts';
import { formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { fetchReportDownload } from '../api/reports.ts';

/** A file's size in the user's locale: B, KB, MB. */
export function fileSize(bytes: number, locale: string): string {
  if (bytes < 1024) return `${formatNumber(bytes, locale)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, locale, 1)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, locale, 1)} MB`;
}

/** Asks for a fresh presigned link on the click (valid 5 minutes) and lets the browser download it. */
export function FileDownload({ file }: { file: ReportFile }) {
  const t = useT();
  const { locale } = useUserFormat();
  const { busy, failed, download } = usePresignedDownload(() => fetchReportDownload(file.fileId));
  return (
    <div className="min-w-0">
      <Button
        theme="secondary"
        loading={busy}
        onClick={() => void download()}
        className="max-w-full justify-start text-left"
        aria-label={t('reports.files.downloadNamed', { name: file.name })}
      >
        <DownloadIcon className="size-4 shrink-0" />
        <span className="min-w-0 truncate">{file.name}</span>
        <span className="shrink-0 font-normal text-slate-500">{fileSize(file.bytes, locale)}</span>
      </Button>
      {failed ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {t('reports.files.downloadFailed')}
        </p>
      ) : null}
    </div>
  );
}
