import { deflateSync } from 'node:zlib';
import type { FileStore } from '@portal/backend/platform/files';
import { createUploadService } from '@portal/backend/workflow/testing';
import { ItemComment, RequestStepItem, WorkflowUploadTicket } from '@portal/core/workflow';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../tests/support/api.ts';
import { importOk, connectAccount } from '../../tests/support/test-backend.ts';
import { s3ApiSuite } from '../../tests/support/test-app.ts';
import { tickingClock } from '../../tests/support/clocks.ts';

/**
 * Uploads, verification, downloads and pinned comments (ADR 045) through the API against
 * DynamoDB Local and s3rver: the presigned POST is used as a browser would; a good PNG, JPEG or PDF counts; an
 * oversized, empty, mislabelled, SVG, HTML-as-.png, too-many-pixels or scripted-PDF upload answers 400
 * WORKFLOW.UPLOAD_REJECTED and leaves nothing in the bucket; another customer's item answers like none;
 * pins are numbered per image in creation order, also when placed in parallel. What is kept is exactly what
 * was checked: a form replayed after completion, or an object replaced between the check and the store,
 * changes nothing that is served (ADR 050).
 */
const PASSWORD = 'Workflow-Uploads-2026!';
const clock = tickingClock();
const world = s3ApiSuite(clock, { FILES_BUCKET: 'workflow-uploads-test' }, '203.0.113.61');
const wfUploadKey = idempotencyKeys('wf-upload-key', 8);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const call = world.callWithResponse;
const itemPath = (ref: string) => `/flow/workflow-request-items/${ref}`;

// ---- files made here, byte by byte -----------------------------------------------------------------
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A real RGB PNG of w × h grey pixels; `idat: false` leaves the pixels out (the header alone claims the size). */
function png(w: number, h: number, idat = true): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h, 0x80);
  for (let y = 0; y < h; y++) rows[y * (w * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(idat ? [chunk('IDAT', deflateSync(rows))] : []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A baseline JPEG's markers: SOI, JFIF APP0, SOF0 with the size, EOI (what type and size detection read). */
function jpeg(w: number, h: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    h >> 8,
    h & 0xff,
    w >> 8,
    w & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}
/** A hand-written one-page PDF; `script` adds a JavaScript open action. */
function pdf(script?: string): Buffer {
  const action = script ? `/OpenAction << /S /JavaScript /JS (${script}) >>` : '';
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${action} >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}
/** A PDF of `pages` pages, made by pdf-lib (pins name a page: ADR 047). */
async function pdfOfPages(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let n = 0; n < pages; n++) doc.addPage([200, 280]);
  return Buffer.from(await doc.save());
}
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/account")</script></body></html>');
const GIF = Buffer.from(
  'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
  'latin1',
);

// ---- the browser's side: ask, POST to S3, complete ----------------------------------------------------
async function postToS3(ticket: WorkflowUploadTicket, bytes: Buffer, expected: number | 'ok' = 'ok') {
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([bytes]));
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  if (expected === 'ok') expect(res.status).toBeLessThan(300);
  else expect(res.status, await res.text()).toBe(expected);
}
/**
 * Starts an upload, puts the bytes at its pending key and completes it. `via: 'form'` posts them as the
 * browser does (the local S3 refuses what the form does not allow: `postStatus`); `via: 'sdk'` writes them
 * with the server's own credentials, standing in for whatever else might reach the key.
 */
async function upload(
  user: string,
  ref: string,
  bytes: Buffer,
  fileName = 'screen.png',
  contentType = 'image/png',
  via: { via: 'form' | 'sdk'; postStatus?: number } = { via: 'form' },
) {
  const started = await call(user, 'POST', `${itemPath(ref)}/upload`, {
    fileName,
    contentType,
    bytes: Math.max(1, Math.min(bytes.length, 10 * 1024 * 1024)),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const ticket = WorkflowUploadTicket.parse(started.body);
  if (via.via === 'form') await postToS3(ticket, bytes, via.postStatus ?? 'ok');
  else await world.files.put(ticket.fields.key!, bytes, { contentType, fileName });
  return { ticket, done: await call(user, 'POST', `${itemPath(ref)}/uploads/${ticket.uploadId}/complete`) };
}
/** Every object of a request: its files and any pending upload (ADR 045: POSTs land under workflow-uploads/pending/). */
const objectsOf = async (requestId: string) => [
  ...(await world.keys(`workflow-requests/${requestId}/`)),
  ...(await world.keys(`workflow-uploads/pending/${requestId}/`)),
];

const docs = {
  workflowId: 'wf-docs',
  name: 'POS screen approval',
  customerId: 'R-U1',
  steps: [
    {
      stepId: 'docs',
      name: 'Documents',
      items: [
        { itemId: 'contract', type: 'file', label: 'Contract', required: false },
        { itemId: 'screens', type: 'screenflow', label: 'Screens', required: true, maxFiles: 30 },
        { itemId: 'note', type: 'text', label: 'Note', required: false },
      ],
    },
    { stepId: 'done', name: 'Done', items: [{ itemId: 'ok', type: 'text', label: 'OK', required: false }] },
  ],
};
async function newRequest(user = 'req.u', customerId = 'R-U1', workflowId = 'wf-docs'): Promise<string> {
  const res = await call(user, 'POST', '/flow/workflow-requests', { workflowId, customerId }, { 'Idempotency-Key': wfUploadKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.request.id as string;
}

beforeAll(async () => {
  const { backend } = await world.start();
  const account = (username: string, customerId: string, flowBits: number) =>
    connectAccount(username, customerId, PASSWORD, { email: `${username}@uploads.example`, modules: { flow: { permissions: flowBits } } });
  await importOk(backend, 'retailers', [
    { customerId: 'R-U1', name: 'Upload Markets' },
    { customerId: 'R-U2', name: 'Foreign Uploads' },
  ]);
  await importOk(backend, 'accounts', [
    account('req.u', 'R-U1', 1),
    account('colleague.u', 'R-U1', 1),
    account('appr.u', 'R-U1', 2),
    account('none.u', 'R-U1', 0),
    account('all.f', 'R-U2', 1 + 2 + 32),
  ]);
  await importOk(backend, 'workflows', [docs, { ...docs, workflowId: 'wf-foreign', customerId: 'R-U2' }]);
  await world.signIn(['req.u', 'colleague.u', 'appr.u', 'none.u', 'all.f'], PASSWORD);
}, 120_000);

describe('uploads that count', () => {
  it('a PNG and a JPEG join the screenflow with their verified type and size; a PDF joins the file item; each is audited', async () => {
    const id = await newRequest();
    const first = await upload('req.u', `${id}.docs.screens`, png(64, 48), 'start.png');
    expect(first.done.status, JSON.stringify(first.done.body)).toBe(200);
    // Declared PNG, but the bytes are a JPEG: the verified type is stored.
    const second = await upload('req.u', `${id}.docs.screens`, jpeg(1920, 1080), 'pay.png', 'image/png');
    expect(second.done.status).toBe(200);
    const item = RequestStepItem.parse(second.done.body);
    expect(item.files.map((f) => [f.name, f.contentType, f.width, f.height])).toEqual([
      ['start.png', 'image/png', 64, 48],
      ['pay.png', 'image/jpeg', 1920, 1080],
    ]);
    const contract = await upload('req.u', `${id}.docs.contract`, pdf(), 'contract.pdf', 'application/pdf');
    expect(contract.done.status).toBe(200);
    expect(contract.done.body.files[0]).toMatchObject({ contentType: 'application/pdf', width: null, height: null, pageCount: 1 });
    expect(first.done.body.files[0].pageCount).toBe(null);
    // The three files under the request's prefix, no pending upload left.
    expect((await objectsOf(id)).every((k) => k.startsWith(`workflow-requests/${id}/docs/`))).toBe(true);
    expect((await objectsOf(id)).length).toBe(3);
    const detail = await call('req.u', 'GET', `/flow/workflow-requests/${id}`);
    expect(detail.body.audit.filter((a: Loose) => a.action === 'upload').length).toBe(3);
  });

  it('downloads as an attachment with the verified type, for the requester and approvers only', async () => {
    const id = await newRequest();
    const { done } = await upload('req.u', `${id}.docs.screens`, jpeg(10, 10), 'looks-like.png');
    const fileId = done.body.files[0].fileId as string;
    const url = await world.backend.workflowUploads.downloadUrl(await actorOf('appr.u'), id, fileId);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="looks-like.png"/);
    // Through the request route (SPEC: the request route plus a query string): 302, or {url} for a client asking JSON.
    const redirect = await call('req.u', 'GET', `/flow/workflow-requests/${id}?download=${fileId}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
    expect(redirect.headers.get('location')).toContain(`workflow-requests/${id}/docs/screens/${fileId}`);
    const asJson = await call('appr.u', 'GET', `/flow/workflow-requests/${id}?download=${fileId}`, undefined, {
      Accept: 'application/json',
    });
    expect((await fetch(asJson.body.url as string)).headers.get('content-disposition')).toMatch(/^attachment/);
    const foreign = await call('all.f', 'GET', `/flow/workflow-requests/${id}?download=${fileId}`);
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 404, code: 'WORKFLOW.REQUEST_NOT_FOUND' });
    await expect(world.backend.workflowUploads.downloadUrl(await actorOf('all.f'), id, fileId)).rejects.toMatchObject({
      code: 'WORKFLOW.REQUEST_NOT_FOUND',
    });
    await expect(world.backend.workflowUploads.downloadUrl(await actorOf('req.u'), id, 'no-such-file')).rejects.toMatchObject({
      code: 'WORKFLOW.ITEM_NOT_FOUND',
    });
  });
});

/** The actor the API would build for a user (through a request that echoes nothing: the session's account). */
async function actorOf(username: string) {
  const { actorFor } = await import('@portal/backend');
  const { getAccount } = await import('@portal/backend/accounts');
  return actorFor((await getAccount(world.backend.db, username))!, { method: 'password' });
}

describe('uploads refused: 400 WORKFLOW.UPLOAD_REJECTED, and nothing kept', () => {
  const cases: [string, () => Buffer, RegExp][] = [
    ['wrong magic bytes (a GIF called .png)', () => GIF, /GIF file/],
    ['an SVG with a script called .png', () => SVG, /markup/],
    ['HTML renamed .png', () => HTML, /markup/],
    ['too many pixels (10000 × 5000)', () => png(10_000, 5_000, false), /10000 × 5000 pixels/],
    ['a PDF with JavaScript', () => pdf('app.alert(1)'), /JavaScript/],
  ];
  const oversize = () => Buffer.concat([png(8, 8), Buffer.alloc(10 * 1024 * 1024)]);
  it.each(cases)('%s', async (_name, make, message) => {
    const id = await newRequest();
    const bytes = make();
    const ref = `${id}.docs.${_name.includes('PDF') ? 'contract' : 'screens'}`;
    const { done } = await upload('req.u', ref, bytes, 'x.png', _name.includes('PDF') ? 'application/pdf' : 'image/png');
    expect({ status: done.status, code: done.body.code }).toEqual({ status: 400, code: 'WORKFLOW.UPLOAD_REJECTED' });
    expect(done.body.message).toMatch(message);
    expect(await objectsOf(id)).toEqual([]);
    const detail = await call('req.u', 'GET', `/flow/workflow-requests/${id}`);
    expect(detail.body.items.flatMap((i: Loose) => i.files)).toEqual([]);
  });

  // Outside the form's content-length-range: S3 refuses the POST (the local S3 too, ADR 050); whatever
  // might reach the pending key otherwise is still refused at completion by its size.
  it.each([
    ['oversize', oversize, 400, /did not arrive/, /larger than 10 MB/],
    ['zero bytes', () => Buffer.alloc(0), 400, /did not arrive/, /empty/],
  ] as const)(
    '%s: the POST is refused; written by other means, completion refuses it',
    async (_name, make, postStatus, viaForm, viaSdk) => {
      const id = await newRequest();
      const posted = await upload('req.u', `${id}.docs.screens`, make(), 'x.png', 'image/png', { via: 'form', postStatus });
      expect({ status: posted.done.status, code: posted.done.body.code }).toEqual({ status: 400, code: 'WORKFLOW.UPLOAD_REJECTED' });
      expect(posted.done.body.message).toMatch(viaForm);
      const written = await upload('req.u', `${id}.docs.screens`, make(), 'x.png', 'image/png', { via: 'sdk' });
      expect({ status: written.done.status, code: written.done.body.code }).toEqual({ status: 400, code: 'WORKFLOW.UPLOAD_REJECTED' });
      expect(written.done.body.message).toMatch(viaSdk);
      expect(await objectsOf(id)).toEqual([]);
    },
  );

  it('refuses before any upload: a declared SVG, an empty or oversized file, a PDF on a screenflow, a text item', async () => {
    const id = await newRequest();
    const start = (itemId: string, body: object) => call('req.u', 'POST', `${itemPath(`${id}.docs.${itemId}`)}/upload`, body);
    expect((await start('screens', { fileName: 'a.svg', contentType: 'image/svg+xml', bytes: 10 })).status).toBe(400);
    expect((await start('screens', { fileName: 'a.png', contentType: 'image/png', bytes: 0 })).status).toBe(400);
    expect((await start('screens', { fileName: 'a.png', contentType: 'image/png', bytes: 10 * 1024 * 1024 + 1 })).status).toBe(400);
    expect((await start('screens', { fileName: 'a.pdf', contentType: 'application/pdf', bytes: 10 })).body.code).toBe(
      'WORKFLOW.UPLOAD_REJECTED',
    );
    expect((await start('note', { fileName: 'a.png', contentType: 'image/png', bytes: 10 })).body.code).toBe('WORKFLOW.ANSWER_INVALID');
  });

  it('a completion runs once; an unknown upload is not open (409)', async () => {
    const id = await newRequest();
    const { ticket, done } = await upload('req.u', `${id}.docs.screens`, png(4, 4));
    expect(done.status).toBe(200);
    const again = await call('req.u', 'POST', `${itemPath(`${id}.docs.screens`)}/uploads/${ticket.uploadId}/complete`);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'WORKFLOW.STATE_CONFLICT' });
    expect((await objectsOf(id)).length).toBe(1);
  });
});

describe('what is kept is exactly what was checked (ADR 050)', () => {
  const SCRIPTED = () => pdf('app.alert(1)');
  /** A new request's contract upload started, and a clean PDF posted to its form (not completed yet). */
  const cleanPdfPosted = async () => {
    const id = await newRequest();
    const ref = `${id}.docs.contract`;
    const started = await call('req.u', 'POST', `${itemPath(ref)}/upload`, {
      fileName: 'contract.pdf',
      contentType: 'application/pdf',
      bytes: 500,
    });
    const ticket = WorkflowUploadTicket.parse(started.body);
    const clean = pdf();
    await postToS3(ticket, clean);
    return { id, ref, ticket, clean };
  };
  const storedBytes = async (requestId: string, fileId: string) => {
    const url = await world.backend.workflowUploads.downloadUrl(await actorOf('req.u'), requestId, fileId);
    return Buffer.from(await (await fetch(url)).arrayBuffer());
  };

  it('the signed form replayed with a scripted PDF while the upload completes, and after: what is served is the clean PDF, or nothing', async () => {
    const { id, ref, ticket, clean } = await cleanPdfPosted();
    // As the attacker did: the same still-valid form, posted again 0–150 ms into the completion.
    const completing = call('req.u', 'POST', `${itemPath(ref)}/uploads/${ticket.uploadId}/complete`);
    await Promise.all([0, 40, 80, 150].map((ms) => new Promise((r) => setTimeout(r, ms)).then(() => postToS3(ticket, SCRIPTED()))));
    const done = await completing;
    await postToS3(ticket, SCRIPTED());
    if (done.status === 200) {
      expect(await storedBytes(id, done.body.files[0].fileId as string)).toEqual(clean);
    } else {
      // The replay arrived before the check read the object: the scripted PDF was what was checked, and refused.
      expect({ status: done.status, code: done.body.code }).toEqual({ status: 400, code: 'WORKFLOW.UPLOAD_REJECTED' });
      const detail = await call('req.u', 'GET', `/flow/workflow-requests/${id}`);
      expect(detail.body.items.flatMap((i: Loose) => i.files)).toEqual([]);
    }
    // The replays refill only the pending key: no form names the key a file is served from.
    const served = (await world.keys(`workflow-requests/${id}/`))[0];
    if (served) expect(served).not.toBe(ticket.fields.key);
    expect((await call('req.u', 'POST', `${itemPath(ref)}/uploads/${ticket.uploadId}/complete`)).status).toBe(409);
  });

  it('an object replaced between the check and the store: the checked bytes are kept, the replacement never', async () => {
    const { id, ref, ticket, clean } = await cleanPdfPosted();
    // The store the service uses, with the replacement POSTed right after the check's read, every time.
    const real = world.files;
    const racing: FileStore = {
      ...real,
      async read(key) {
        const bytes = await real.read(key);
        await postToS3(ticket, SCRIPTED());
        return bytes;
      },
    };
    const service = createUploadService({ db: world.backend.db, files: racing, now: clock });
    const item = await service.complete(await actorOf('req.u'), ref, ticket.uploadId);
    expect(item.files.map((f) => [f.contentType, f.bytes])).toEqual([['application/pdf', clean.length]]);
    expect(await storedBytes(id, item.files[0]!.fileId)).toEqual(clean);
    // The replacement went with the pending key.
    expect(await objectsOf(id)).toEqual([`workflow-requests/${id}/docs/contract/${ticket.uploadId}`]);
  });
});

describe('removing a file', () => {
  it('before submission: 204 and the object goes; after submission: 409', async () => {
    const id = await newRequest();
    const a = await upload('req.u', `${id}.docs.screens`, png(4, 4));
    const b = await upload('req.u', `${id}.docs.screens`, png(5, 5));
    const fileA = a.done.body.files[0].fileId as string;
    expect((await call('req.u', 'DELETE', `${itemPath(`${id}.docs.screens`)}/files/${fileA}`)).status).toBe(204);
    expect((await objectsOf(id)).length).toBe(1);
    expect((await call('req.u', 'DELETE', `${itemPath(`${id}.docs.screens`)}/files/${fileA}`)).status).toBe(204);
    const submitted = await call('req.u', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'docs', enquiry: '' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const fileB = b.done.body.files.at(-1).fileId as string;
    expect((await call('req.u', 'DELETE', `${itemPath(`${id}.docs.screens`)}/files/${fileB}`)).status).toBe(409);
    expect((await objectsOf(id)).length).toBe(1);
  });
});

describe('access', () => {
  it("another customer's item answers exactly like a nonexistent one on every upload and comment call", async () => {
    const id = await newRequest();
    const calls = (ref: string) =>
      [
        ['POST', `${itemPath(ref)}/upload`, { fileName: 'a.png', contentType: 'image/png', bytes: 10 }],
        ['POST', `${itemPath(ref)}/uploads/abc/complete`, undefined],
        ['DELETE', `${itemPath(ref)}/files/abc`, undefined],
        ['POST', '/flow/workflow-request-comments', { requestStepItemId: ref, comment: 'Hello' }],
        [
          'POST',
          '/flow/workflow-request-comments',
          { requestStepItemId: ref, comment: 'On page 2', positionX: 0.5, positionY: 0.5, page: 2 },
        ],
      ] as const;
    const theirs = calls(`${id}.docs.screens`);
    const nobodys = calls('WR-NOBODY00.docs.screens');
    for (let n = 0; n < theirs.length; n++) {
      const [method, path, body] = theirs[n]!;
      const a = await call('all.f', method, path, body);
      const [m2, p2, b2] = nobodys[n]!;
      const b = await call('all.f', m2, p2, b2);
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
      expect(a.status).toBe(404);
    }
  });

  it('uploads are the requester’s: an approver 403, a colleague 404, no flow permission 403', async () => {
    const id = await newRequest();
    const body = { fileName: 'a.png', contentType: 'image/png', bytes: 10 };
    expect((await call('appr.u', 'POST', `${itemPath(`${id}.docs.screens`)}/upload`, body)).status).toBe(403);
    expect((await call('colleague.u', 'POST', `${itemPath(`${id}.docs.screens`)}/upload`, body)).status).toBe(404);
    expect((await call('none.u', 'POST', `${itemPath(`${id}.docs.screens`)}/upload`, body)).status).toBe(403);
  });

  it('without flow.doRequests every upload, completion and removal is 403, on its own customer’s items as on any other (ADR 052)', async () => {
    const own = await newRequest();
    const foreign = await newRequest('all.f', 'R-U2', 'wf-foreign');
    const { ticket } = await upload('req.u', `${own}.docs.screens`, png(4, 4));
    for (const ref of [`${own}.docs.screens`, `${foreign}.docs.screens`, 'WR-NOBODY00.docs.screens', 'not-an-item']) {
      for (const [method, path, body] of [
        ['POST', `${itemPath(ref)}/upload`, { fileName: 'a.png', contentType: 'image/png', bytes: 10 }],
        ['POST', `${itemPath(ref)}/uploads/${ticket.uploadId}/complete`, undefined],
        ['DELETE', `${itemPath(ref)}/files/${ticket.uploadId}`, undefined],
      ] as const) {
        for (const user of ['appr.u', 'none.u']) {
          const res = await call(user, method, path, body);
          expect({ user, method, path, status: res.status, code: res.body.code }).toEqual({
            user,
            method,
            path,
            status: 403,
            code: 'PERMISSION.DENIED',
          });
        }
      }
    }
    // The requester's file is untouched by all of it.
    const detail = await call('req.u', 'GET', `/flow/workflow-requests/${own}`);
    expect(JSON.stringify(detail.body)).toContain(ticket.uploadId);
  });
});

describe('comments and pins', () => {
  it('numbers pins per image in creation order; a thread comment has no pin; both appear in the detail and the audit', async () => {
    const id = await newRequest();
    await upload('req.u', `${id}.docs.screens`, png(40, 30), 'one.png');
    const two = await upload('req.u', `${id}.docs.screens`, png(40, 30), 'two.png');
    const [one, second] = two.done.body.files.map((f: Loose) => f.fileId as string);
    const comment = (user: string, body: object) =>
      call(user, 'POST', '/flow/workflow-request-comments', { requestStepItemId: `${id}.docs.screens`, ...body });
    const pins = [];
    for (const [fileId, x] of [
      [one, 0.1],
      [one, 0.5],
      [second, 0.9],
    ] as const) {
      const res = await comment('appr.u', { comment: `Pin at ${x}`, positionX: x, positionY: 0.25, fileId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      pins.push(ItemComment.parse(res.body));
    }
    expect(pins.map((p) => [p.fileId, p.pin])).toEqual([
      [one, 1],
      [one, 2],
      [second, 1],
    ]);
    const thread = await comment('req.u', { comment: 'Fixed both.' });
    expect(thread.body).toMatchObject({ pin: null, positionX: null, fileId: null, author: 'req.u' });
    const detail = await call('appr.u', 'GET', `/flow/workflow-requests/${id}`);
    expect(detail.body.comments.map((c: Loose) => [c.comment, c.pin])).toEqual([
      ['Pin at 0.1', 1],
      ['Pin at 0.5', 2],
      ['Pin at 0.9', 1],
      ['Fixed both.', null],
    ]);
    expect(detail.body.audit.filter((a: Loose) => a.action === 'comment').length).toBe(4);
  });

  it('parallel pins on one image get 1..n, each once', async () => {
    const id = await newRequest();
    const { done } = await upload('req.u', `${id}.docs.contract`, png(20, 20));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        call(n % 2 ? 'appr.u' : 'req.u', 'POST', '/flow/workflow-request-comments', {
          requestStepItemId: `${id}.docs.contract`,
          comment: `p${n}`,
          positionX: n / 12,
          positionY: 0.5,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    // A file item's one file is the pin's image without naming it.
    expect(new Set(results.map((r) => r.body.fileId))).toEqual(new Set([done.body.files[0].fileId]));
    expect(results.map((r) => r.body.pin as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
  });

  it('refuses half a position, a pin without an image, an unknown file, and commenters who are neither requester nor approver', async () => {
    const id = await newRequest();
    await upload('req.u', `${id}.docs.screens`, png(4, 4));
    await upload('req.u', `${id}.docs.screens`, png(4, 4));
    const comment = (user: string, body: object, item = 'screens') =>
      call(user, 'POST', '/flow/workflow-request-comments', { requestStepItemId: `${id}.docs.${item}`, comment: 'x', ...body });
    expect((await comment('appr.u', { positionX: 0.5 })).status).toBe(400);
    expect((await comment('appr.u', { positionX: 0.5, positionY: 0.5 })).body.message).toMatch(/which image/);
    expect((await comment('appr.u', { positionX: 0.5, positionY: 0.5 }, 'note')).body.message).toMatch(/no file/);
    expect((await comment('appr.u', { positionX: 1.5, positionY: 0.5 })).status).toBe(400);
    expect((await comment('appr.u', { fileId: 'nope' })).status).toBe(404);
    expect((await comment('colleague.u', {})).status).toBe(404);
    expect((await comment('none.u', {})).status).toBe(403);
    expect((await comment('req.u', {}, 'note')).status).toBe(201);
  });

  describe('pins on the pages of a PDF (ADR 047)', () => {
    const comment = (id: string, body: object, item = 'contract') =>
      call('appr.u', 'POST', '/flow/workflow-request-comments', { requestStepItemId: `${id}.docs.${item}`, comment: 'x', ...body });
    const fieldIssue = (res: { status: number; body: Loose }) => ({
      status: res.status,
      code: res.body.code,
      path: res.body.issues?.[0]?.path,
    });

    it('a PDF counts its pages; a pin names its page; numbers run per file across the pages; the detail and the audit keep the page', async () => {
      const id = await newRequest();
      const { done } = await upload('req.u', `${id}.docs.contract`, await pdfOfPages(2), 'contract.pdf', 'application/pdf');
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.files[0]).toMatchObject({ contentType: 'application/pdf', pageCount: 2 });
      const onTwo = await comment(id, { comment: 'Sign here', positionX: 0.3, positionY: 0.8, page: 2 });
      expect(onTwo.status, JSON.stringify(onTwo.body)).toBe(201);
      expect(ItemComment.parse(onTwo.body)).toMatchObject({ pin: 1, page: 2, fileId: done.body.files[0].fileId });
      const onOne = await comment(id, { comment: 'Typo', positionX: 0.1, positionY: 0.1, page: 1 });
      expect(onOne.body).toMatchObject({ pin: 2, page: 1 });
      const thread = await comment(id, { comment: 'Overall fine.' });
      expect(thread.body).toMatchObject({ pin: null, page: null });
      const detail = await call('req.u', 'GET', `/flow/workflow-requests/${id}`);
      expect(detail.body.comments.map((c: Loose) => [c.comment, c.pin, c.page])).toEqual([
        ['Sign here', 1, 2],
        ['Typo', 2, 1],
        ['Overall fine.', null, null],
      ]);
      expect(detail.body.items.find((i: Loose) => i.itemId === 'contract').files[0].pageCount).toBe(2);
      expect(detail.body.audit.filter((a: Loose) => a.action === 'comment').map((a: Loose) => a.after.page)).toEqual([2, 1, null]);
    });

    it('refuses with a field issue on page: a page beyond the PDF, a PDF pin without a page, a page on an image, a page without a position', async () => {
      const id = await newRequest();
      await upload('req.u', `${id}.docs.contract`, await pdfOfPages(2), 'contract.pdf', 'application/pdf');
      await upload('req.u', `${id}.docs.screens`, png(8, 8), 'one.png');
      const beyond = await comment(id, { positionX: 0.5, positionY: 0.5, page: 3 });
      expect(fieldIssue(beyond)).toEqual({ status: 400, code: 'WORKFLOW.ANSWER_INVALID', path: 'page' });
      expect(beyond.body.message).toMatch(/2 pages: there is no page 3/);
      expect(fieldIssue(await comment(id, { positionX: 0.5, positionY: 0.5 }))).toEqual({
        status: 400,
        code: 'WORKFLOW.ANSWER_INVALID',
        path: 'page',
      });
      expect(fieldIssue(await comment(id, { positionX: 0.5, positionY: 0.5, page: 1 }, 'screens'))).toEqual({
        status: 400,
        code: 'WORKFLOW.ANSWER_INVALID',
        path: 'page',
      });
      expect(fieldIssue(await comment(id, { page: 1 }))).toEqual({ status: 400, code: 'WORKFLOW.ANSWER_INVALID', path: 'page' });
      // Not a page number at all: the contract's own check (400, never 500).
      for (const page of [0, 1.5, -1, 'two']) expect((await comment(id, { positionX: 0.5, positionY: 0.5, page })).status).toBe(400);
      // Nothing of the refused pins was kept: the next pin is number 1.
      expect((await comment(id, { positionX: 0.5, positionY: 0.5, page: 2 })).body).toMatchObject({ pin: 1, page: 2 });
    });

    it('parallel pins on the pages of one PDF get 1..n, each once', async () => {
      const id = await newRequest();
      await upload('req.u', `${id}.docs.contract`, await pdfOfPages(3), 'three.pdf', 'application/pdf');
      const results = await Promise.all(
        Array.from({ length: 9 }, (_, n) => comment(id, { comment: `p${n}`, positionX: 0.5, positionY: n / 9, page: (n % 3) + 1 })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(9).fill(201));
      expect(results.map((r) => r.body.pin as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 9 }, (_, n) => n + 1));
    });
  });
});
