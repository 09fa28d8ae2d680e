/**
 * `npx tsx web/scripts/icons.ts`: the web app manifest's PNG icons (ADR 091) from the favicon
 * (web/public/icons/icon.svg), written beside it and committed: 192 and 512 px as they are, and a 512 px
 * maskable one whose card sits inside the centre circle (80 %) that any launcher's mask keeps.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const svg = readFileSync(`${dir}icon.svg`);

for (const size of [192, 512])
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(`${dir}icon-${size}.png`);

// Maskable: full-bleed brand colour (a mask may cut anywhere outside the safe circle), the card at 60 %.
const card = await sharp(svg, { density: (72 * 308) / 32 })
  .resize(308, 308)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0d9488' } })
  .composite([{ input: card, gravity: 'centre' }])
  .png()
  .toFile(`${dir}maskable-512.png`);
