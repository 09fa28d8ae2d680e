/**
 * How the API Lambda is bundled (`nodejs` of its SST Function): ESM, minified, with esbuild code splitting
 * so every `import()` in the backend (password list, pdf-lib, qrcode, the SES/KMS/Scheduler clients, SSO,
 * TOTP) becomes a chunk loaded on first use instead of at cold start (ADR 038). SST v2 does neither
 * by default. With `splitting` SST writes `outdir` (the handler's `.mjs` plus its chunks) instead of one file.
 * The target is the Lambda runtime's (sst.config.ts: nodejs22.x) rather than SST's esnext.
 *
 * One definition, read by infra/api.ts (what deploys) and scripts/checks/api-bundle.ts (what the byte
 * budget test and the cold-start bench build), so the budget checks what deploys. No imports: the bench and
 * the test load it without CDK.
 */
// ssh2's optional native add-ons (SFTP delivery, ADR 039) stay out: it falls back to pure JS without them.
// sharp (the logo's re-encoding, ADR 084) is native and cannot be bundled: it comes with the function's
// node_modules or a layer (ADR 084, Consequences).
const EXTERNAL: string[] = ['cpu-features', '*.node', 'sharp'];

/**
 * Files the API reads at run time, copied into the function's package (SST `copyFiles`, from the repo's
 * node_modules after `npm ci`): the PDF fonts (packages/backend/src/platform/pdf/pdf-fonts.ts, ADR 090),
 * with their package.json, under the same node_modules path, so that the code resolves them by package
 * name in the Lambda exactly as it does locally. Not bundled, so not part of any chunk or the byte budget.
 */
const FONT_PACKAGE = 'node_modules/@fontsource/dejavu-sans';
export const API_COPY_FILES = ['package.json', 'files/dejavu-sans-latin-400-normal.woff', 'files/dejavu-sans-latin-700-normal.woff'].map(
  (file) => ({ from: `${FONT_PACKAGE}/${file}`, to: `${FONT_PACKAGE}/${file}` }),
);

export const API_BUNDLING = {
  format: 'esm',
  minify: true,
  splitting: true,
  esbuild: { target: 'node22', external: EXTERNAL },
} as const;
