import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '@portal/backend';
import { applyLogo, keepStagedLogo, stageLogo } from '@portal/backend/logo';
import { createFileStore } from '@portal/backend/platform/files';

/** The demo customer whose logo the demo shows (ADR 084); its PNG lies in the demo data as logo-<customerId>.png. */
export const DEMO_LOGO_CUSTOMER = 'P-2001';

/**
 * The demo logo (ADR 084) through the path an upload takes past its form: staged (checked by magic bytes,
 * re-encoded) and applied, as the operator's supplier staff would; run inside seedDemoDataOnce (its marker).
 */
export async function seedDemoLogo(backend: Backend, demoDir: string): Promise<string> {
  const { config, db, now } = backend;
  const files = createFileStore({ AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket: config.FILES_BUCKET });
  const bytes = readFileSync(join(demoDir, `logo-${DEMO_LOGO_CUSTOMER}.png`));
  const staged = await stageLogo({ db, files, now }, DEMO_LOGO_CUSTOMER, bytes, 'operator');
  await keepStagedLogo({ db, files, now }, DEMO_LOGO_CUSTOMER, staged.logoId);
  await applyLogo({ db, now }, DEMO_LOGO_CUSTOMER, staged.logoId, 'operator');
  return staged.logoId;
}
