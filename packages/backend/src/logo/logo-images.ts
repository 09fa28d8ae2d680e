import { createHash } from 'node:crypto';
import { LOGO_LIMITS, LOGO_VARIANT_NAMES, LOGO_VARIANTS, type LogoVariant } from '@portal/core/logo';
import { uploadRejected } from '../workflow/index.ts';

/** A logo re-encoded into the sizes the portal shows (ADR 084), named by the hash of the images. */
export type ReencodedLogo = { logoId: string; width: number; height: number; images: Record<LogoVariant, Buffer> };

/**
 * sharp (libvips) with untrusted input (ADR 084): at most 4096 × 4096 pixels decoded whatever the header
 * claims (limitInputPixels: a pixel flood is refused before it is decoded), any decoder warning fails the
 * image (failOn 'warning', the library's advice for untrusted input), no cache kept between calls.
 */
const INPUT = { limitInputPixels: LOGO_LIMITS.maxSide * LOGO_LIMITS.maxSide, failOn: 'warning' } as const;

const loadSharp = async () => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
};

/** The image's size as it shows (EXIF orientation applied), read from its header only; refused outside the limits. */
async function checkedSize(sharp: Awaited<ReturnType<typeof loadSharp>>, bytes: Uint8Array) {
  let size: { width: number; height: number };
  try {
    const meta = await sharp(bytes, INPUT).metadata();
    size = meta.autoOrient;
  } catch {
    throw uploadRejected('The image could not be read.');
  }
  const { width, height } = size;
  if (width > LOGO_LIMITS.maxSide || height > LOGO_LIMITS.maxSide)
    throw uploadRejected(`The image has ${width} × ${height} pixels; a logo has at most ${LOGO_LIMITS.maxSide} pixels a side.`);
  if (height < LOGO_LIMITS.minHeight)
    throw uploadRejected(`The image is ${height} pixels high; a logo needs at least ${LOGO_LIMITS.minHeight} pixels to look sharp.`);
  return size;
}

/**
 * Decodes `bytes` (verified as PNG, JPEG or WebP by magic bytes already) and encodes each size as PNG:
 * only the pixels pass, so metadata (EXIF, ICC text, comments) and anything appended after the image's
 * end (a zip, HTML: polyglots) are gone. One size at a time, so at most one decoded image is held.
 */
export async function reencodeLogo(bytes: Uint8Array): Promise<ReencodedLogo> {
  const sharp = await loadSharp();
  const { width, height } = await checkedSize(sharp, bytes);
  const encode = async (variant: LogoVariant) => {
    const { height: h, maxWidth } = LOGO_VARIANTS[variant];
    try {
      return await sharp(bytes, INPUT)
        .autoOrient()
        .resize({ width: maxWidth, height: h, fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 9, adaptiveFiltering: true })
        .toBuffer();
    } catch {
      throw uploadRejected('The image is damaged: it could not be decoded.');
    }
  };
  // In turn, not in parallel: one decoded image at a time.
  const header = await encode('header');
  const mail = await encode('mail');
  const pdf = await encode('pdf');
  const images: Record<LogoVariant, Buffer> = { header, mail, pdf };
  const hash = createHash('sha256');
  for (const variant of LOGO_VARIANT_NAMES) hash.update(images[variant]);
  return { logoId: hash.digest('hex').slice(0, 32), width, height, images };
}
