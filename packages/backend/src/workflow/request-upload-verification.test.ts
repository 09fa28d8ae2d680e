import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { verifyUpload } from './request-upload-verification.ts';

/** The byte-level rules (ADR 045); the API test drives them through S3 with PNG/JPEG files made there. */
const pngHeader = (w: number, h: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(b);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  b.set([8, 2, 0, 0, 0], 24);
  return b;
};
/** A hand-written PDF: one page, and `extra` in its catalog (the way an attacker writes it, no library's). */
const rawPdf = (extra: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${extra} >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

describe('verifyUpload', () => {
  it('accepts a PNG by its header and reports its size', async () => {
    expect(await verifyUpload(pngHeader(800, 600))).toEqual({ contentType: 'image/png', width: 800, height: 600, pageCount: null });
  });

  it('refuses markup under any name, with leading white space or a BOM', async () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '\n  <html><script>x</script></html>',
      '\uFEFF<?xml version="1.0"?><svg/>',
    ]) {
      await expect(verifyUpload(Buffer.from(text))).rejects.toMatchObject({
        code: 'WORKFLOW.UPLOAD_REJECTED',
        message: expect.stringMatching(/markup/),
      });
    }
  });

  it('refuses a type the item does not take (a PDF on a screenflow), and unknown bytes', async () => {
    const pdf = Buffer.from(await (await PDFDocument.create()).save());
    await expect(verifyUpload(pdf, ['image/png', 'image/jpeg', 'image/webp'])).rejects.toMatchObject({
      message: expect.stringMatching(/PDF file/),
    });
    await expect(verifyUpload(Buffer.from('just some text'))).rejects.toMatchObject({
      message: expect.stringMatching(/not a file type we recognise/),
    });
  });

  it('refuses too many pixels and unreadable dimensions', async () => {
    await expect(verifyUpload(pngHeader(7000, 7000))).rejects.toMatchObject({ message: expect.stringMatching(/7000 × 7000 pixels/) });
    await expect(verifyUpload(pngHeader(0, 10))).rejects.toMatchObject({ code: 'WORKFLOW.UPLOAD_REJECTED' });
  });

  it("counts a PDF's pages (object streams too); refuses a PDF without pages (nothing to show or pin, ADR 047)", async () => {
    const three = await PDFDocument.create();
    for (let n = 0; n < 3; n++) three.addPage([100, 140]);
    expect((await verifyUpload(Buffer.from(await three.save({ useObjectStreams: true })))).pageCount).toBe(3);
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    await expect(verifyUpload(empty)).rejects.toMatchObject({ code: 'WORKFLOW.UPLOAD_REJECTED', message: 'The PDF has no pages.' });
  });

  it('accepts a passive PDF; refuses JavaScript (also in object streams or with escaped names), launch actions and embedded files', async () => {
    const passive = await PDFDocument.create();
    passive.addPage([100, 100]);
    expect(await verifyUpload(Buffer.from(await passive.save()))).toEqual({
      contentType: 'application/pdf',
      width: null,
      height: null,
      pageCount: 1,
    });
    expect((await verifyUpload(rawPdf('/PageMode /UseNone'))).contentType).toBe('application/pdf');

    const scripted = await PDFDocument.create();
    scripted.addPage([100, 100]);
    scripted.catalog.set(PDFName.of('OpenAction'), scripted.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    const inObjectStreams = Buffer.from(await scripted.save({ useObjectStreams: true }));
    for (const bytes of [
      inObjectStreams,
      rawPdf('/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>'),
      rawPdf('/OpenAction << /S /Launch /F (calc.exe) >>'),
      rawPdf('/Names << /EmbeddedFiles << /Names [] >> >>'),
    ]) {
      await expect(verifyUpload(bytes)).rejects.toMatchObject({
        code: 'WORKFLOW.UPLOAD_REJECTED',
        message: expect.stringMatching(/JavaScript, launch actions/),
      });
    }
  });
});
