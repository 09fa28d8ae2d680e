import { getCurrentLogo, logoTestImage } from '@portal/backend/logo/testing';
import { countCalls } from '@portal/backend/platform/db';
import { CurrentLogo, LogoSaved, LogoState, StagedLogo } from '@portal/core/logo';
import { WorkflowUploadTicket } from '@portal/core/workflow';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../tests/support/api.ts';
import { connectAccount, importCompanyApproval, importOk } from '../../tests/support/test-backend.ts';
import { s3ApiSuite } from '../../tests/support/test-app.ts';
import { tickingClock } from '../../tests/support/clocks.ts';

/**
 * The company's logo (ADR 084) through the API against DynamoDB Local and s3rver: uploaded by a holder of
 * flow.editCompanyAssets on the one upload path (ADR 045), staged re-encoded (metadata and appended bytes
 * gone), applied once, then every user of the customer has it as brandingUrl and the image is served
 * publicly with a year's immutable caching. On a brand that asks for approval a save files a "Company assets
 * change" and the logo changes when it is approved (ADR 085). Hostile files answer a 4xx and change nothing.
 */
const APPROVAL_HOST = 'approve.logo.test';
const PASSWORD = 'Company-Logo-2026!';
const world = s3ApiSuite(tickingClock(), { FILES_BUCKET: 'logo-test' }, '203.0.113.84');
const logoUploadKey = idempotencyKeys('logo-upload', 8);
const logoHostileKey = idempotencyKeys('logo-hostile', 0);
const logoRateKey = idempotencyKeys('logo-rate', 8);

const { call } = world;

/** Start, POST the bytes to the form, complete: the complete call's answer. */
async function upload(user: string, bytes: Buffer, contentType = 'image/png', fileName = 'logo.png', declared = bytes.length) {
  const started = await call(
    user,
    'POST',
    '/logo/uploads',
    { fileName, contentType, bytes: declared },
    {
      'Idempotency-Key': logoUploadKey(),
    },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const ticket = WorkflowUploadTicket.parse(started.body);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([bytes]));
  await fetch(ticket.url, { method: 'POST', body: form });
  return call(user, 'POST', `/logo/uploads/${ticket.uploadId}/complete`);
}
const image = (path: string) => world.app.request(path.startsWith('/api/') ? path : `/api${path}`);
const logoKeys = async () => (await world.keys('logos/')).sort();

let applied: CurrentLogo;
beforeAll(async () => {
  const { backend } = await world.start();
  const account = (username: string, customerId: string, modules: object) =>
    connectAccount(username, customerId, PASSWORD, { email: `${username}@logo.example`, modules });
  await importOk(backend, 'retailers', [
    { customerId: 'R-L1', name: 'Logo Markets' },
    { customerId: 'R-L2', name: 'Other Logos' },
  ]);
  await importOk(backend, 'accounts', [
    account('editor.l', 'R-L1', { flow: { permissions: 8 } }),
    account('reader.l', 'R-L1', {}),
    account('other.l', 'R-L2', { flow: { permissions: 8 } }),
    account('approver.l', 'R-L1', { flow: { permissions: 2 } }),
  ]);
  await importCompanyApproval(backend, 'approving-logos', APPROVAL_HOST, { assets: true });
  await world.signIn(['editor.l', 'reader.l', 'other.l', 'approver.l'], PASSWORD);
}, 120_000);

describe('a logo uploaded, previewed and saved', () => {
  it('stages a re-encoded PNG per size, applies it once, and every user of the customer gets it as brandingUrl', async () => {
    const staged = await upload('editor.l', await logoTestImage(600, 200, 'jpeg', true), 'image/jpeg', 'Firmenlogo.jpg');
    expect(staged.status, JSON.stringify(staged.body)).toBe(201);
    const logo = StagedLogo.parse(staged.body);
    const files = ['header', 'mail', 'pdf'].map((size) => `${logo.logoId}-${size}.png`);
    // Staged under logos/staged/ only (the bucket expires what is never saved, ADR 106).
    expect((await logoKeys()).filter((k) => k.includes(logo.logoId))).toEqual(files.map((f) => `logos/staged/${f}`).sort());
    expect([logo.width, logo.height]).toEqual([600, 200]);
    // Staged is no change yet: the preview only.
    expect(LogoState.parse((await call('reader.l', 'GET', '/logo')).body)).toEqual({ current: null, mayEdit: false });

    const header = await image(logo.urls.header);
    expect(header.status).toBe(200);
    expect(header.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(header.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await header.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 192, height: 64 });
    expect(bytes.includes('secret-exif-marker')).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    const saved = await call('editor.l', 'POST', '/logo/apply', { logoId: logo.logoId });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The save copied them to their lasting keys.
    expect((await logoKeys()).filter((k) => k.includes(logo.logoId))).toEqual(
      [...files.map((f) => `logos/${f}`), ...files.map((f) => `logos/staged/${f}`)].sort(),
    );
    const answer = LogoSaved.parse(saved.body);
    applied = CurrentLogo.parse(answer.outcome === 'applied' ? answer.current : null);
    expect(applied).toMatchObject({ logoId: logo.logoId, appliedBy: 'editor.l' });
    const again = LogoSaved.parse((await call('editor.l', 'POST', '/logo/apply', { logoId: logo.logoId })).body);
    expect(again.outcome === 'applied' ? again.current?.appliedAt : again).toBe(applied.appliedAt);
    expect((await getCurrentLogo(world.backend.db, 'R-L1', true))?.version).toBe(1);

    const status = await call('reader.l', 'GET', '/auth/status');
    expect((status.body.user as { brandingUrl: string }).brandingUrl).toBe(logo.urls.header);
    expect(((await call('other.l', 'GET', '/auth/status')).body.user as { brandingUrl: string }).brandingUrl).toBe('');
    // The URL is kept a minute per customer: a status again is the session's one round trip alone (ADR 028).
    const counter = countCalls(world.backend.db, 'logoStatusCalls');
    try {
      expect((await counter.counted(() => call('reader.l', 'GET', '/auth/status'))).calls).toBe(1);
    } finally {
      counter.stop();
    }
    expect(LogoState.parse((await call('reader.l', 'GET', '/logo')).body).current?.logoId).toBe(logo.logoId);
  }, 60_000);

  it('applies a logo once under parallel saves, and a reader may not upload or save', async () => {
    const second = StagedLogo.parse((await upload('editor.l', await logoTestImage(300, 300, 'webp'), 'image/webp', 'square.webp')).body);
    const answers = await Promise.all([1, 2, 3].map(() => call('editor.l', 'POST', '/logo/apply', { logoId: second.logoId })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await getCurrentLogo(world.backend.db, 'R-L1', true))?.version).toBe(2);
    expect((await call('reader.l', 'POST', '/logo/apply', { logoId: applied.logoId })).status).toBe(403);
    const start = await call(
      'reader.l',
      'POST',
      '/logo/uploads',
      { fileName: 'a.png', contentType: 'image/png', bytes: 10 },
      {
        'Idempotency-Key': 'logo-reader-00000001',
      },
    );
    expect(start.status).toBe(403);
    // A logo staged for another customer cannot be applied here.
    const foreign = StagedLogo.parse((await upload('other.l', await logoTestImage(200, 100))).body);
    expect((await call('editor.l', 'POST', '/logo/apply', { logoId: foreign.logoId })).body.code).toBe('LOGO.NOT_FOUND');
  }, 60_000);

  it('on a brand that asks for approval: filed as a Company assets change, the logo changes once it is approved', async () => {
    const third = StagedLogo.parse((await upload('editor.l', await logoTestImage(400, 100))).body);
    const before = await getCurrentLogo(world.backend.db, 'R-L1', true);
    const filed = LogoSaved.parse((await call('editor.l', 'POST', '/logo/apply', { logoId: third.logoId }, { Host: APPROVAL_HOST })).body);
    if (filed.outcome !== 'filed') throw new Error(`not filed: ${JSON.stringify(filed)}`);
    expect((await getCurrentLogo(world.backend.db, 'R-L1', true))?.logoId).toBe(before?.logoId);
    // A second save while one waits is refused, naming the waiting request.
    const second = await call('editor.l', 'POST', '/logo/apply', { logoId: third.logoId }, { Host: APPROVAL_HOST });
    expect([second.status, second.body.code]).toEqual([409, 'COMPANY.CHANGE_PENDING']);
    expect(String(second.body.message)).toContain(filed.requestId);
    const approved = await call('approver.l', 'POST', `/flow/workflow-requests/${filed.requestId}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const now = await getCurrentLogo(world.backend.db, 'R-L1', true);
    expect([now?.logoId, now?.version, now?.appliedBy]).toEqual([third.logoId, (before?.version ?? 0) + 1, `request ${filed.requestId}`]);
  }, 60_000);
});

describe('hostile inputs answer a 4xx and change nothing', () => {
  it('refuses wrong magic bytes, SVG, huge and tiny images, oversize, path tricks and huge arrays', async () => {
    const before = await getCurrentLogo(world.backend.db, 'R-L1', true);
    const keysBefore = await logoKeys();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><script>alert(1)</script></svg>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const refused = [
      await upload('editor.l', svg),
      await upload('editor.l', gif),
      await upload('editor.l', Buffer.from('%PDF-1.4\n%%EOF\n')),
      await upload('editor.l', await logoTestImage(4097, 64)),
      await upload('editor.l', await logoTestImage(400, 63)),
      // Declared small, the form refuses more than 2 MB: nothing arrives.
      await upload(
        'editor.l',
        Buffer.concat([await logoTestImage(200, 100), Buffer.alloc(2 * 1024 * 1024 + 1)]),
        'image/png',
        'big.png',
        1000,
      ),
    ];
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(refused.map(() => [400, 'WORKFLOW.UPLOAD_REJECTED']));
    for (const body of [
      { fileName: 'logo.svg', contentType: 'image/svg+xml', bytes: 100 },
      { fileName: 'logo.png', contentType: 'image/png', bytes: 2 * 1024 * 1024 + 1 },
      { fileName: '../../etc/passwd', contentType: 'image/png', bytes: 100 },
      { fileName: 'a\u0000.png', contentType: 'image/png', bytes: 100 },
      { fileName: Array.from({ length: 10_000 }, () => 'x'), contentType: 'image/png', bytes: 100 },
    ]) {
      const answer = await call('editor.l', 'POST', '/logo/uploads', body, { 'Idempotency-Key': logoHostileKey() });
      expect([answer.status, answer.body.code], JSON.stringify(body).slice(0, 80)).toEqual([400, 'REQUEST.VALIDATION_FAILED']);
    }
    const arrays = await call('editor.l', 'POST', '/logo/apply', { logoId: Array.from({ length: 10_000 }, () => 'a') });
    expect(arrays.status).toBe(400);
    for (const path of ['/logos/..%2F..%2Fdocuments%2Fx', '/logos/0123456789abcdef0123456789abcdef-header.svg', '/logos/x.png'])
      expect((await image(path)).status, path).toBe(400);
    expect((await image('/logos/0123456789abcdef0123456789abcdef-header.png')).status).toBe(404);
    expect(await getCurrentLogo(world.backend.db, 'R-L1', true)).toEqual(before);
    expect(await logoKeys()).toEqual(keysBefore);
  }, 120_000);

  it('caps the uploads a customer starts per hour: then 429 with its code and message, other customers unaffected', async () => {
    const start = (user: string) =>
      call(
        user,
        'POST',
        '/logo/uploads',
        { fileName: 'a.png', contentType: 'image/png', bytes: 100 },
        { 'Idempotency-Key': logoRateKey() },
      );
    const answers = [];
    // At most 20 an hour (a window that turns meanwhile restarts the count: 40 tries see the cap either way).
    for (let i = 0; i < 40 && answers.at(-1)?.status !== 429; i++) answers.push(await start('other.l'));
    const refused = answers.at(-1);
    expect([refused?.status, refused?.body.code]).toEqual([429, 'REQUEST.RATE_LIMITED']);
    expect(String(refused?.body.message)).toMatch(/too many/i);
    expect(answers.slice(0, -1).every((a) => a.status === 201)).toBe(true);
    expect((await start('editor.l')).status).toBe(201);
  });

  it('re-encodes a polyglot (a PNG with a zip and HTML appended): only the pixels are kept', async () => {
    const png = await logoTestImage(256, 128);
    const zipAndHtml = Buffer.concat([
      Buffer.from('PK\x03\x04polyglot-zip-marker', 'latin1'),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const staged = await upload('editor.l', Buffer.concat([png, zipAndHtml]));
    expect(staged.status, JSON.stringify(staged.body)).toBe(201);
    for (const url of Object.values(StagedLogo.parse(staged.body).urls)) {
      const bytes = Buffer.from(await (await image(url)).arrayBuffer());
      expect(bytes.includes('polyglot-zip-marker')).toBe(false);
      expect(bytes.includes('<script>')).toBe(false);
      // The PNG ends with its IEND chunk and nothing after it.
      expect(bytes.subarray(-8).toString('latin1')).toBe('IEND\xaeB`\x82');
    }
  }, 60_000);
});
