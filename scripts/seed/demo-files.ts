import { crc32, deflateSync } from 'node:zlib';

/**
 * The demo requests' uploads, made in code (no binary files in the repo): two POS screens as PNGs and a
 * two-page contract as a PDF. A few lines of PNG and PDF writing instead of a dependency: the repo has no
 * encoder of its own (pngjs is only qrcode's transitive dependency, pdf-lib is the backend's verifier), and
 * these files are flat rectangles and a few lines of text. Both pass the upload verification as real files.
 */

type Rgb = readonly [number, number, number];
type Rect = { x: number; y: number; w: number; h: number; color: Rgb };

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
  return out;
}

/** An RGB PNG of `width` × `height` on `background`, with the rectangles painted in order. */
export function pngOf(width: number, height: number, background: Rgb, rects: readonly Rect[]): Buffer {
  const stride = width * 3 + 1;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set(background, y * stride + 1 + x * 3);
  }
  for (const r of rects) {
    for (let y = Math.max(0, r.y); y < Math.min(height, r.y + r.h); y++) {
      for (let x = Math.max(0, r.x); x < Math.min(width, r.x + r.w); x++) pixels.set(r.color, y * stride + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const BRAND: Rgb = [29, 78, 216];
const WHITE: Rgb = [255, 255, 255];
const PANEL: Rgb = [241, 245, 249];
const GREY: Rgb = [203, 213, 225];
const GREEN: Rgb = [22, 163, 74];

/** The two screens of the demo's POS screen approval (270 × 480): choosing a card, then paying for it. */
export function demoScreens(): { name: string; bytes: Buffer }[] {
  const W = 270;
  const H = 480;
  const chooseCard = pngOf(W, H, PANEL, [
    { x: 0, y: 0, w: W, h: 56, color: BRAND },
    { x: 16, y: 18, w: 90, h: 20, color: WHITE }, // the logo, cut off at the top in the review's pin
    ...(
      [
        [220, 38, 38],
        [234, 179, 8],
        [124, 58, 237],
      ] as const
    ).map((color, i) => ({ x: 16, y: 80 + i * 110, w: W - 32, h: 92, color })),
    { x: 16, y: H - 64, w: W - 32, h: 44, color: GREEN },
  ]);
  const keypad = Array.from({ length: 12 }, (_, i) => ({
    x: 16 + (i % 3) * 82,
    y: 150 + Math.floor(i / 3) * 62,
    w: 74,
    h: 52,
    color: GREY,
  }));
  const payment = pngOf(W, H, PANEL, [
    { x: 0, y: 0, w: W, h: 56, color: BRAND },
    { x: 16, y: 18, w: 90, h: 20, color: WHITE },
    { x: 16, y: 76, w: W - 32, h: 56, color: WHITE },
    ...keypad,
    { x: 16, y: H - 64, w: W - 32, h: 44, color: GREEN },
  ]);
  return [
    { name: 'screen-1-choose-card.png', bytes: chooseCard },
    { name: 'screen-2-payment.png', bytes: payment },
  ];
}

/** A PDF of one page per entry, each a few lines of Helvetica text (A4), with a correct cross-reference table. */
export function pdfOf(pages: readonly (readonly string[])[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const pageIds = pages.map((_, i) => 4 + i * 2);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pages.forEach((lines, i) => {
    const text = lines.map((line, n) => `BT /F1 ${n === 0 ? 18 : 11} Tf 56 ${780 - n * 28} Td (${escape(line)}) Tj ET`).join('\n');
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`);
    add(`<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The signed store contract of the demo's approved onboarding request. */
export function demoContract(store: string): { name: string; bytes: Buffer } {
  return {
    name: 'store-contract-signed.pdf',
    bytes: pdfOf([
      [
        'Point of sale agreement',
        `Store: ${store}`,
        'Partner: Aurora Digital cards (P-2001)',
        'The store sells Aurora Digital gift cards at its tills.',
        'Term: 24 months from the opening day.',
      ],
      ['Signatures', 'For the store: signed', 'For Aurora Digital: signed', 'Both parties received a copy of this agreement.'],
    ]),
  };
}
