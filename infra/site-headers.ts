/**
 * The Content-Security-Policy of the web app, one definition for CloudFront's response headers policy
 * (infra/web.ts) and the local server (scripts/local/web-files.ts), so the two cannot drift (ADR 023).
 * In the shape of hono's secureHeaders option; no imports, so the local runtime takes it without CDK.
 *
 * No 'unsafe-inline' for styles: the built app has no <style> element and no style attribute in its
 * markup (index.html links one stylesheet), and React applies `style={...}` props through the CSSOM
 * (element.style), which style-src does not govern. No 'unsafe-inline' or eval for scripts either.
 */
export const SITE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Record<string, string[]>;

/**
 * The directives with the files bucket's origin allowed (ADR 045), and nothing else of S3: the browser
 * POSTs workflow uploads to it (presigned POST with progress: connect-src) and shows the screen images
 * of presigned GETs (img-src). Locally the s3rver origin; on AWS the region's virtual-hosted S3 origin.
 */
export const siteCspWithFiles = (filesOrigin: string, directives: Record<string, string[]> = SITE_CSP_DIRECTIVES) => ({
  ...directives,
  imgSrc: [...(directives.imgSrc ?? []), filesOrigin],
  connectSrc: [...(directives.connectSrc ?? []), filesOrigin],
});
/** The files bucket's origin on AWS: virtual-hosted-style presigned URLs (the bucket's name is generated in another stack). */
export const awsFilesOrigin = (region: string) => `https://*.s3.${region}.amazonaws.com`;

/** The header value: `defaultSrc: ["'self'"]` becomes `default-src 'self'`, directives joined by "; ". */
export const siteContentSecurityPolicy = (directives: Record<string, string[]> = SITE_CSP_DIRECTIVES) =>
  Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join('; ');

/**
 * The hashed files under /assets/ (scripts, styles, fonts, images) get the headers a subresource uses:
 * nosniff, Cross-Origin-Resource-Policy and HSTS. The document-only ones (the CSP, X-Frame-Options,
 * Referrer-Policy, COOP...) govern only a document or a worker, and cost ~0.9 KB on each of a deep link's
 * ~35 files (ADR 097). Worker scripts are the exception: a worker takes its CSP from its own response, so
 * pdf.js's worker (ADR 047) keeps every header. CloudFront's path patterns and the local server share this.
 */
export const ASSET_PATHS = '/assets/*';
export const WORKER_ASSET_PATHS = '/assets/pdf.worker*';
export const isLeanAsset = (path: string) => path.startsWith(ASSET_PATHS.slice(0, -1)) && !path.startsWith(WORKER_ASSET_PATHS.slice(0, -1));
