// What tests outside the logo domain use of it and no other code does (ADR 060).
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
import { logoUrl } from '@portal/core/logo';
import type { Db } from '../platform/db/client.ts';
import { putStagedLogo } from './logo-entity.ts';

export { getCurrentLogo } from './logo-entity.ts';

/** A test image of `width` × `height` in `format` (a diagonal gradient, so it is no single colour), with EXIF when asked. */
export async function logoTestImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png', exif = false): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  const tagged = exif ? image.withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'secret-exif-marker' } }) : image;
  return tagged.toFormat(format).toBuffer();
}

/** A staged logo's row alone (no images: the fault suite has no S3), as stageLogo writes it. */
export async function putStagedLogoRow(db: Db, customerId: string, logoId: string, at: Date): Promise<void> {
  const urls = { header: logoUrl(logoId, 'header'), mail: logoUrl(logoId, 'mail'), pdf: logoUrl(logoId, 'pdf') };
  await putStagedLogo(db, customerId, {
    logoId,
    urls,
    width: 400,
    height: 100,
    stagedAt: at.toISOString(),
    stagedBy: 'test',
    expiresAt: Math.ceil(at.getTime() / 1000) + 86_400,
  });
}
