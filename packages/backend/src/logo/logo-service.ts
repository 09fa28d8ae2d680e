import { createHash } from 'node:crypto';
import {
  type CurrentLogo,
  LOGO,
  LOGO_CONTENT_TYPES,
  LOGO_LIMITS,
  LOGO_VARIANT_NAMES,
  logoFileName,
  logoUrl,
  type LogoState,
  type LogoUploadStart,
  type LogoVariant,
  type StagedLogo,
} from '@portal/core/logo';
import type { WorkflowUploadTicket } from '@portal/core/workflow';
import { type Actor, permissionDenied } from '../access/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import type { RateLimit, RateLimiter } from '../platform/security/rate-limiter.ts';
import type { Clock } from '../platform/time.ts';
import { uploadRejected, verifyUpload } from '../workflow/index.ts';
import { getCurrentLogo, getStagedLogo, logoUploads, putStagedLogo, replaceCurrentLogo, type StoredCurrentLogo } from './logo-entity.ts';
import { reencodeLogo } from './logo-images.ts';

/**
 * The company's logo (SPEC 2 "upload logo", SPEC 3 brandingUrl; ADR 084). Two steps: stage (the upload's
 * bytes checked by magic bytes on the workflow's one upload path, ADR 045/050, re-encoded into the sizes the
 * portal shows, stored under content-hashed names) and apply (a staged logo becomes the customer's current
 * one: conditional, idempotent). Applying knows nothing of workflows: an approval calls applyLogo as it is.
 */
export type LogoDeps = { db: Db; files: FileStore; now: Clock; rateLimiter?: RateLimiter };

const UPLOAD_TTL_SECONDS = 15 * 60;
/** A staged logo waits this long to be saved (then the row expires, and its images a day later: LOGO_STAGED_IMAGE_DAYS). */
const STAGED_TTL_SECONDS = 90 * 24 * 60 * 60;
/** The files bucket's lifecycle rule expires `logos/staged/` objects after this many days (infra/storage.ts). */
export const LOGO_STAGED_IMAGE_DAYS = 91;
/** Logo uploads a customer may start per hour (ADR 106): each re-encodes up to 16 megapixels. */
export const LOGO_UPLOADS_PER_HOUR: RateLimit = { name: 'logo-upload', limit: 20, windowSeconds: 3600 };
const pendingKey = (customerId: string, uploadId: string) => `workflow-uploads/pending/logos/${customerId}/${uploadId}`;
/** The files bucket's key of one re-encoded image: the name is the content's hash, so it never changes. */
export const logoObjectKey = (file: string) => `logos/${file}`;
/** Where a staged image waits for its save (expired by the bucket's lifecycle rule when never saved). */
const stagedObjectKey = (file: string) => `logos/staged/${file}`;

const urlsOf = (logoId: string) => ({ header: logoUrl(logoId, 'header'), mail: logoUrl(logoId, 'mail'), pdf: logoUrl(logoId, 'pdf') });
const publicCurrent = ({ version: _version, ...logo }: StoredCurrentLogo): CurrentLogo => logo;

const notFound = () => new AppError('not_found', LOGO.NOT_FOUND, 'This logo is not staged (any more). Please upload it again.');

/**
 * Stage: checks `bytes` (PNG, JPEG or WebP by magic bytes, ≤ 2 MB), re-encodes them, stores the images and
 * the staged row. Answers the staged logo with its URLs (the preview). The same image staged twice is one logo.
 */
export async function stageLogo(deps: LogoDeps, customerId: string, bytes: Uint8Array, by: string): Promise<StagedLogo> {
  if (bytes.length > LOGO_LIMITS.maxBytes) throw uploadRejected(`The file is larger than ${LOGO_LIMITS.maxBytes / 1024 / 1024} MB.`);
  await verifyUpload(bytes, LOGO_CONTENT_TYPES);
  const { logoId, width, height, images } = await reencodeLogo(bytes);
  for (const variant of LOGO_VARIANT_NAMES)
    await deps.files.put(stagedObjectKey(logoFileName(logoId, variant)), images[variant], {
      contentType: 'image/png',
      fileName: logoFileName(logoId, variant),
    });
  const at = deps.now();
  const staged: StagedLogo = { logoId, urls: urlsOf(logoId), width, height, stagedAt: at.toISOString(), stagedBy: by };
  await putStagedLogo(deps.db, customerId, {
    ...staged,
    expiresAt: Math.ceil(at.getTime() / 1000) + STAGED_TTL_SECONDS,
    imagesStaged: true,
  });
  return staged;
}

/**
 * Keep: the save's first step (before it is applied or filed for approval): the staged images are copied to
 * their lasting keys, so an approval weeks later and the mails and PDFs never depend on the staged ones, which
 * the bucket expires. Idempotent (the names are content hashes). A staged row past its time is not found.
 */
export async function keepStagedLogo(deps: Pick<LogoDeps, 'db' | 'files' | 'now'>, customerId: string, logoId: string): Promise<void> {
  const staged = await getStagedLogo(deps.db, customerId, logoId);
  if (!staged || staged.expiresAt * 1000 <= deps.now().getTime()) throw notFound();
  if (staged.imagesStaged !== true) return;
  for (const variant of LOGO_VARIANT_NAMES) {
    const file = logoFileName(logoId, variant);
    if ((await deps.files.size(logoObjectKey(file))) !== null) continue;
    if ((await deps.files.size(stagedObjectKey(file))) === null) throw notFound();
    await deps.files.copy(stagedObjectKey(file), logoObjectKey(file));
  }
}

/**
 * Apply: makes a staged logo the customer's current one (a conditional write with its history entry).
 * Idempotent: applying the current logo again changes nothing (`changed: false`), and of parallel applies of
 * one logo exactly one writes. A different logo applied meanwhile answers LOGO.STATE_CONFLICT.
 */
export async function applyLogo(
  deps: Pick<LogoDeps, 'db' | 'now'>,
  customerId: string,
  logoId: string,
  by: string,
): Promise<{ logo: CurrentLogo; changed: boolean }> {
  const current = await getCurrentLogo(deps.db, customerId, true);
  if (current?.logoId === logoId) return { logo: publicCurrent(current), changed: false };
  const staged = await getStagedLogo(deps.db, customerId, logoId);
  if (!staged) throw notFound();
  const { expiresAt: _expiresAt, imagesStaged: _imagesStaged, ...logo } = staged;
  const next: StoredCurrentLogo = { ...logo, appliedAt: deps.now().toISOString(), appliedBy: by, version: (current?.version ?? 0) + 1 };
  try {
    await replaceCurrentLogo(deps.db, customerId, current, next);
    brandingUrls.delete(brandingKey(deps.db, customerId));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const winner = await getCurrentLogo(deps.db, customerId, true);
    if (winner?.logoId === logoId) return { logo: publicCurrent(winner), changed: false };
    throw new AppError('conflict', LOGO.STATE_CONFLICT, 'The logo was changed meanwhile. Please look at the current logo and save again.');
  }
  return { logo: publicCurrent(next), changed: true };
}

/**
 * The session's brandingUrl (SPEC 3) is read on every `auth/status`, which ADR 028 keeps to one round trip:
 * the header URL is kept a minute per customer in the process (≤ 10,000 customers, then forgotten whole), so
 * a status costs the extra GetItem at most once a minute per customer and instance. An apply in this process
 * forgets its customer's at once; other instances show a new logo within the minute.
 */
const BRANDING_TTL_MS = 60_000;
const BRANDING_MAX = 10_000;
const brandingUrls = new Map<string, { url: string; until: number }>();
const brandingKey = (db: Db, customerId: string) => `${db.table}\n${customerId}`;

/** The customer's current logo's header URL, or '' without one (the session's brandingUrl, SPEC 3). */
export async function currentLogoUrl(db: Db, customerId: string, at = Date.now()): Promise<string> {
  if (customerId === '') return '';
  const key = brandingKey(db, customerId);
  const kept = brandingUrls.get(key);
  if (kept && kept.until > at) return kept.url;
  const current = await getCurrentLogo(db, customerId);
  const url = current ? current.urls.header : '';
  if (brandingUrls.size >= BRANDING_MAX) brandingUrls.clear();
  brandingUrls.set(key, { url, until: at + BRANDING_TTL_MS });
  return url;
}

/** The customer's current logo as PNG bytes of one size (mails and PDFs embed it), or null without one. */
export async function currentLogoPng(
  deps: Pick<LogoDeps, 'db' | 'files'>,
  customerId: string,
  variant: LogoVariant,
): Promise<Buffer | null> {
  if (customerId === '') return null;
  const current = await getCurrentLogo(deps.db, customerId);
  return current ? deps.files.read(logoObjectKey(logoFileName(current.logoId, variant))) : null;
}

const mayEdit = (actor: Actor) => actor.customerId !== '' && actor.access.modules.flow.permissions.editCompanyAssets === true;

export function createLogoService(deps: LogoDeps) {
  const { db, files, now } = deps;
  /** The function first (ADR 052): only holders of flow.editCompanyAssets, for their own customer. */
  const editor = (actor: Actor) => {
    if (!mayEdit(actor)) throw permissionDenied();
    return actor.customerId;
  };
  return {
    /** The caller's customer's logo and whether the caller may change it (1 GetItem). */
    async state(actor: Actor): Promise<LogoState> {
      const current = actor.customerId === '' ? null : await getCurrentLogo(db, actor.customerId, true);
      return { current: current ? publicCurrent(current) : null, mayEdit: mayEdit(actor) };
    },

    /** A presigned POST for one pending key (ADR 045); the upload id follows from the Idempotency-Key. */
    async startUpload(actor: Actor, input: LogoUploadStart, key: string): Promise<WorkflowUploadTicket> {
      const customerId = editor(actor);
      // Each upload re-encodes an image: a customer's uploads are capped per hour (429 REQUEST.RATE_LIMITED).
      await deps.rateLimiter?.hit(LOGO_UPLOADS_PER_HOUR, customerId);
      const at = now();
      const uploadId = createHash('sha256').update(`${actor.username}\n${customerId}\n${key}`).digest('base64url').slice(0, 24);
      await logoUploads.put(db, customerId, uploadId, {
        fileName: input.fileName,
        username: actor.username,
        expiresAt: Math.ceil(at.getTime() / 1000) + UPLOAD_TTL_SECONDS + 300,
      });
      const form = await files.uploadForm(
        pendingKey(customerId, uploadId),
        { contentType: input.contentType, maxBytes: LOGO_LIMITS.maxBytes, expiresInSeconds: UPLOAD_TTL_SECONDS },
        at,
      );
      return { uploadId, ...form };
    },

    /** Claims the upload and stages its bytes (the pending object goes whatever the outcome). */
    async completeUpload(actor: Actor, uploadId: string): Promise<StagedLogo> {
      const customerId = editor(actor);
      await logoUploads.open(db, customerId, uploadId, { username: actor.username, now: now() });
      await logoUploads.claim(db, customerId, uploadId);
      const key = pendingKey(customerId, uploadId);
      try {
        const size = await files.size(key);
        if (size === null) throw uploadRejected('The file did not arrive. Please upload it again.');
        if (size > LOGO_LIMITS.maxBytes) throw uploadRejected(`The file is larger than ${LOGO_LIMITS.maxBytes / 1024 / 1024} MB.`);
        return await stageLogo(deps, customerId, await files.read(key), actor.username);
      } finally {
        await files.remove(key);
      }
    },

    /** The save's first step for the caller's own customer (keepStagedLogo). */
    keep: (actor: Actor, logoId: string) => keepStagedLogo(deps, editor(actor), logoId),

    /** One re-encoded image by its public name (GET /api/logos/:file): a kept one, else a staged one (the preview). */
    async image(file: string): Promise<Buffer> {
      for (const key of [logoObjectKey(file), stagedObjectKey(file)]) if ((await files.size(key)) !== null) return files.read(key);
      throw new AppError('not_found', LOGO.NOT_FOUND, 'No such logo.');
    },
  };
}
export type LogoService = ReturnType<typeof createLogoService>;
