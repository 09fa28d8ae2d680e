import type { Config } from '@portal/backend/config';
import type { Db } from '@portal/backend/platform/db';
import { lazy } from '@portal/backend/platform';
import { createFileStore } from '@portal/backend/platform/files';

/**
 * The customer's logo as report mails show it (ADR 084), for the functions that send them (the runner, the delivery
 * queue's consumer): read from the files bucket's logos/, never encoded here; the logo module loads with the first mail.
 */
export function mailLogoFromConfig(config: Config, db: Db): (customerId: string) => Promise<Buffer | null> {
  const logoFiles = lazy(async () =>
    createFileStore({ AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket: config.FILES_BUCKET }),
  );
  return async (customerId) => (await import('@portal/backend/logo')).currentLogoPng({ db, files: await logoFiles() }, customerId, 'mail');
}
