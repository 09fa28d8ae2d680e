import { documentKey, newDocumentId, storeDocument } from '@portal/backend/documents';
import { listDocuments } from '@portal/backend/documents/testing';
import { Document, DocumentFiled, DocumentList } from '@portal/core/documents';
import { WorkflowUploadTicket } from '@portal/core/workflow';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../tests/support/api.ts';
import { sentMails } from '../../tests/support/mailbox.ts';
import { connectAccount, importCompanyApproval, importOk } from '../../tests/support/test-backend.ts';
import { s3ApiSuite } from '../../tests/support/test-app.ts';
import { tickingClock } from '../../tests/support/clocks.ts';

/**
 * A customer's document folder (ADR 082) through the API against DynamoDB Local and s3rver: the listing by
 * folder, sorted, searched by name; a download link served as an attachment and recorded; uploads by the
 * company's editor (flow.editCompanyDocuments) and the supplier's (content.manageDocuments) through the upload
 * path of ADR 045 (magic bytes, nothing of a refused file kept); soft delete with an audit entry; another
 * customer's document answering exactly like a missing one; path tricks in names refused with field issues.
 */
const PASSWORD = 'Documents-Folder-2026!';
const APPROVAL_HOST = 'approve.documents.test';
const world = s3ApiSuite(tickingClock(), { FILES_BUCKET: 'documents-test' }, '203.0.113.82');
const docsUploadKey = idempotencyKeys('docs-upload', 8);
const docsTrickKey = idempotencyKeys('docs-trick', 8);
const docsCapKey = idempotencyKeys('docs-cap', 8);

const call = world.callWithResponse;
const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function upload(
  user: string,
  customerId: string,
  bytes: Buffer,
  fileName: string,
  folder = 'Own',
  contentType = 'application/pdf',
  host = 'localhost',
) {
  const started = await call(
    user,
    'POST',
    `/documents/customers/${customerId}/uploads`,
    { folder, fileName, contentType, bytes: bytes.length },
    { 'Idempotency-Key': docsUploadKey() },
  );
  expect(started.status, started.text).toBe(201);
  const ticket = WorkflowUploadTicket.parse(started.body);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([bytes]));
  expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return call(user, 'POST', `/documents/customers/${customerId}/uploads/${ticket.uploadId}/complete`, undefined, { Host: host });
}

/** A supplier's file put in place as the seed and the operator do (the object, then the row with its audit entry). */
async function supplierFile(customerId: string, folder: string, name: string, bytes: Buffer, at: string, contentType = 'application/pdf') {
  const documentId = newDocumentId();
  const objectKey = documentKey(customerId, documentId);
  await world.files.put(objectKey, bytes, {
    contentType,
    fileName: name,
  });
  await storeDocument(
    world.backend.db,
    customerId,
    { documentId, folder, name, bytes: bytes.length, contentType, uploadedAt: at, uploadedBy: 'operator', source: 'supplier', objectKey },
    'operator',
  );
  return documentId;
}

let contractId = '';
let foreignId = '';
beforeAll(async () => {
  const { backend } = await world.start();
  const account = (username: string, customerId: string, modules: object, securityFlag = 16) =>
    connectAccount(username, customerId, PASSWORD, { email: `${username}@documents.example`, securityFlag, modules });
  await importOk(backend, 'retailers', [
    { customerId: 'R-D1', name: 'Document Markets' },
    { customerId: 'R-D2', name: 'Foreign Documents' },
  ]);
  await importOk(backend, 'accounts', [
    account('reader.d', 'R-D1', {}),
    account('editor.d', 'R-D1', { flow: { permissions: 16 } }),
    account('supplier.d', '', { content: { permissions: 2 } }, 16 + 4096),
    account('foreign.d', 'R-D2', { flow: { permissions: 16 } }),
    account('approver.d', 'R-D1', { flow: { permissions: 2 } }),
    account('approver2.d', 'R-D1', { flow: { permissions: 2 } }),
  ]);
  // The company change workflows of the demo (ADR 085) and a brand that asks for approval of the company's documents.
  await importCompanyApproval(backend, 'approving-documents', APPROVAL_HOST, { documents: true });
  contractId = await supplierFile('R-D1', 'Contracts', 'Contract 2026.pdf', pdf(), '2026-01-10T09:00:00.000Z');
  await supplierFile('R-D1', 'Contracts', 'contract 2025.pdf', pdf(), '2025-01-10T09:00:00.000Z');
  await supplierFile(
    'R-D1',
    'Price lists/2026',
    'Price list.pdf',
    Buffer.concat([pdf(), Buffer.alloc(500, 32)]),
    '2026-02-01T09:00:00.000Z',
  );
  foreignId = await supplierFile('R-D2', 'Contracts', 'Foreign contract.pdf', pdf(), '2026-01-10T09:00:00.000Z');
  await world.signIn(['reader.d', 'editor.d', 'supplier.d', 'foreign.d', 'approver.d', 'approver2.d'], PASSWORD);
}, 120_000);

describe('the folder', () => {
  it('lists a folder’s files and sub-folders, sorted by each column both ways, and finds files by name in every folder', async () => {
    const top = DocumentList.parse((await call('reader.d', 'GET', '/documents')).body);
    expect([top.folders, top.documents, top.mayEdit]).toEqual([['Contracts', 'Price lists'], [], false]);
    const contracts = DocumentList.parse((await call('reader.d', 'GET', '/documents?folder=Contracts&sort=date&dir=desc')).body);
    expect(contracts.documents.map((d) => d.name)).toEqual(['Contract 2026.pdf', 'contract 2025.pdf']);
    const byName = DocumentList.parse((await call('reader.d', 'GET', '/documents?folder=Contracts&sort=name')).body);
    expect(byName.documents.map((d) => d.name)).toEqual(['contract 2025.pdf', 'Contract 2026.pdf']);
    const nested = DocumentList.parse((await call('reader.d', 'GET', '/documents?folder=Price%20lists')).body);
    expect([nested.folders, nested.documents.length]).toEqual([['2026'], 0]);
    const found = DocumentList.parse((await call('reader.d', 'GET', '/documents?q=PRICE&sort=size&dir=desc')).body);
    expect(found.documents.map((d) => [d.folder, d.name])).toEqual([['Price lists/2026', 'Price list.pdf']]);
    const bySize = DocumentList.parse((await call('reader.d', 'GET', '/documents?q=.pdf&sort=size&dir=desc')).body);
    expect(bySize.documents[0]!.name).toBe('Price list.pdf');
    // The editor's view of the same folder says it may edit.
    expect(DocumentList.parse((await call('editor.d', 'GET', '/documents/customers/R-D1')).body).mayEdit).toBe(true);
  });

  it('costs one Query page for 1,000 files (key range of the documents alone)', async () => {
    const many = 'R-D3';
    await importOk(world.backend, 'retailers', [{ customerId: many, name: 'Many Documents' }]);
    const store = (i: number) =>
      storeDocument(
        world.backend.db,
        many,
        {
          documentId: `doc-many-${i}`,
          folder: `Folder ${i % 10}`,
          name: `Price list ${String(i).padStart(4, '0')} of the customer with a rather long file name.pdf`,
          bytes: 1000 + i,
          contentType: 'application/pdf',
          uploadedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
          uploadedBy: 'operator.with.a.long.name',
          source: 'supplier',
          objectKey: documentKey(many, `doc-many-${i}`),
        },
        'operator',
      );
    for (let from = 0; from < 1000; from += 50) await Promise.all(Array.from({ length: 50 }, (_, k) => store(from + k)));
    const read = await listDocuments(world.backend.db, many);
    expect([read.items.length, read.calls]).toEqual([1000, 1]);
  }, 120_000);
});

describe('downloads', () => {
  it('answers a short-lived link served as an attachment, and records who downloaded when, for the editors to see', async () => {
    const res = await call('reader.d', 'GET', `/documents/${contractId}/download`);
    expect(res.status).toBe(200);
    const url = new URL(String(res.body.url));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Contract 2026.pdf"; filename*=UTF-8''Contract%202026.pdf`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf())).toBe(true);

    const seen = await call('editor.d', 'GET', `/documents/customers/R-D1/${contractId}/downloads`);
    expect(seen.status).toBe(200);
    expect((seen.body.downloads as { username: string }[]).map((d) => d.username)).toEqual(['reader.d']);
    // A reader does not see the records.
    expect((await call('reader.d', 'GET', `/documents/customers/R-D1/${contractId}/downloads`)).status).toBe(403);
  });

  it('keeps a download on record 13 months (TTL), and no longer lists one past it that TTL has not deleted yet', async () => {
    const { items } = await world.backend.db.doc
      .send(
        new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
          TableName: world.backend.db.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :dl)',
          ExpressionAttributeValues: { ':pk': 'DOCS#R-D1', ':dl': `DL#${contractId}#` },
        }),
      )
      .then((r) => ({ items: r.Items ?? [] }));
    expect(items).toHaveLength(1);
    const at = new Date(String(items[0]!.at));
    const until = new Date(Number(items[0]!.expiresAt) * 1000);
    expect(until.getUTCFullYear() * 12 + until.getUTCMonth() - (at.getUTCFullYear() * 12 + at.getUTCMonth())).toBe(13);
    expect(until.getUTCDate()).toBeLessThanOrEqual(at.getUTCDate());
    await world.backend.db.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).PutCommand({
        TableName: world.backend.db.table,
        Item: { ...items[0], sk: `DL#${contractId}#2020-01-01T00:00:00.000Z#old.reader`, username: 'old.reader', expiresAt: 1_600_000_000 },
      }),
    );
    const seen = await call('editor.d', 'GET', `/documents/customers/R-D1/${contractId}/downloads`);
    expect((seen.body.downloads as { username: string }[]).map((d) => d.username)).toEqual(['reader.d']);
    expect(JSON.stringify(seen.body)).not.toContain('expiresAt');
  });

  it("another customer's document answers exactly like a missing one", async () => {
    const theirs = await call('reader.d', 'GET', `/documents/${foreignId}/download`);
    const nobodys = await call('reader.d', 'GET', `/documents/doc-nobody/download`);
    expect([theirs.status, theirs.text]).toEqual([404, nobodys.text]);
    const folder = await call('editor.d', 'GET', '/documents/customers/R-D2');
    const none = await call('editor.d', 'GET', '/documents/customers/R-NONE');
    expect([folder.status, folder.text]).toEqual([404, none.text]);
  });
});

describe('uploads and deletes', () => {
  it('the company editor uploads a PDF into its own folder; its bytes decide the type; the pending key is emptied', async () => {
    const done = await upload('editor.d', 'R-D1', pdf(), 'Our terms.pdf', 'Own');
    expect(done.status, done.text).toBe(201);
    const doc = Document.parse(done.body);
    expect(doc).toMatchObject({
      folder: 'Own',
      name: 'Our terms.pdf',
      contentType: 'application/pdf',
      source: 'company',
      uploadedBy: 'editor.d',
    });
    expect(await world.keys('workflow-uploads/pending/documents/')).toEqual([]);
    expect(await world.keys(`documents/R-D1/${doc.documentId}`)).toEqual([`documents/R-D1/${doc.documentId}`]);
    const found = DocumentList.parse((await call('reader.d', 'GET', '/documents?q=terms')).body);
    expect(found.documents.map((d) => d.documentId)).toEqual([doc.documentId]);
  });

  it('the supplier uploads into a customer’s folder; a company editor cannot write to another customer’s', async () => {
    const done = await upload('supplier.d', 'R-D1', pdf(), 'Help.pdf', 'Help');
    expect([done.status, done.body.source]).toEqual([201, 'supplier']);
    const start = (user: string) =>
      call(
        user,
        'POST',
        '/documents/customers/R-D1/uploads',
        { folder: '', fileName: 'x.pdf', contentType: 'application/pdf', bytes: 10 },
        { 'Idempotency-Key': `docs-${user.replace('.', '-')}-000001` },
      );
    expect([(await start('foreign.d')).status, (await start('reader.d')).status]).toEqual([404, 403]);
  });

  it('refuses markup by its bytes and keeps nothing of it', async () => {
    const done = await upload('editor.d', 'R-D1', SVG, 'drawing.pdf');
    expect([done.status, done.body.code]).toEqual([400, 'WORKFLOW.UPLOAD_REJECTED']);
    expect(await world.keys('workflow-uploads/pending/documents/')).toEqual([]);
    const found = DocumentList.parse((await call('reader.d', 'GET', '/documents?q=drawing')).body);
    expect(found.documents).toEqual([]);
  });

  it.each([
    ['../../etc/passwd', 'fileName'],
    ['/etc/passwd', 'fileName'],
    ['a\u0000.pdf', 'fileName'],
    ['x'.repeat(201), 'fileName'],
    ['..', 'fileName'],
  ])('a name like %j answers 400 with a field issue on %s', async (fileName, field) => {
    const res = await call(
      'editor.d',
      'POST',
      '/documents/customers/R-D1/uploads',
      { folder: '', fileName, contentType: 'application/pdf', bytes: 10 },
      { 'Idempotency-Key': docsTrickKey() },
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it.each(['../x', '/abs', 'a/../b', 'a//b', 'a/b/c/d/e'])('a folder like %j answers 400', async (folder) => {
    const res = await call(
      'editor.d',
      'POST',
      '/documents/customers/R-D1/uploads',
      { folder, fileName: 'ok.pdf', contentType: 'application/pdf', bytes: 10 },
      { 'Idempotency-Key': docsTrickKey() },
    );
    expect([res.status, JSON.stringify(res.body).includes('folder')]).toEqual([400, true]);
    expect((await call('reader.d', 'GET', `/documents?folder=${encodeURIComponent(folder)}`)).status).toBe(400);
  });

  it('a soft delete leaves the list, keeps the object, writes an audit entry, and answers the same when repeated', async () => {
    const done = Document.parse((await upload('editor.d', 'R-D1', pdf(), 'Old terms.pdf', 'Own')).body);
    // The company editor may not delete the supplier's files.
    expect((await call('editor.d', 'DELETE', `/documents/customers/R-D1/${contractId}`)).status).toBe(403);
    expect((await call('editor.d', 'DELETE', `/documents/customers/R-D1/${done.documentId}`)).status).toBe(200);
    expect((await call('editor.d', 'DELETE', `/documents/customers/R-D1/${done.documentId}`)).status).toBe(200);
    expect((await call('editor.d', 'DELETE', '/documents/customers/R-D1/doc-nobody')).status).toBe(404);
    const found = DocumentList.parse((await call('reader.d', 'GET', '/documents?q=old%20terms')).body);
    expect(found.documents).toEqual([]);
    expect((await call('reader.d', 'GET', `/documents/${done.documentId}/download`)).status).toBe(404);
    expect(await world.keys(`documents/R-D1/${done.documentId}`)).toHaveLength(1);
    const { Items: items } = await world.backend.db.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
        TableName: world.backend.db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)',
        ExpressionAttributeValues: { ':pk': 'DOCS#R-D1', ':a': 'AUDIT#' },
      }),
    );
    expect(items?.filter((i) => i.documentId === done.documentId).map((i) => [i.action, i.actor])).toEqual([
      ['upload', 'editor.d'],
      ['delete', 'editor.d'],
    ]);
  });
});

/** A real workbook as Excel writes it (exceljs), as bytes. */
async function workbook(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Prices').addRow(['EAN', 'Price']);
  return Buffer.from(await book.xlsx.writeBuffer());
}
/** A zip whose content types part says what `types` says (JSZip: the archive library the check reads with). */
async function zipWith(types: string, extra: Record<string, string> = {}): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file('[Content_Types].xml', types);
  for (const [name, text] of Object.entries(extra)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer' });
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('versions', () => {
  it('a second upload of a name in a folder replaces it; the old one is a version an editor restores, once per key', async () => {
    const first = Document.parse((await upload('editor.d', 'R-D1', pdf(), 'Terms v.pdf', 'Versions')).body);
    const second = await upload('editor.d', 'R-D1', Buffer.concat([pdf(), Buffer.alloc(100, 32)]), 'terms V.pdf', 'Versions');
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({ documentId: first.documentId, version: 2, bytes: first.bytes + 100 });
    const listed = DocumentList.parse((await call('reader.d', 'GET', '/documents?folder=Versions')).body);
    expect(listed.documents.map((d) => [d.documentId, d.version])).toEqual([[first.documentId, 2]]);

    const versions = await call('editor.d', 'GET', `/documents/customers/R-D1/${first.documentId}/versions`);
    expect(versions.status).toBe(200);
    expect((versions.body.versions as { version: number; bytes: number }[]).map((v) => [v.version, v.bytes])).toEqual([[1, first.bytes]]);
    expect(versions.text).not.toContain('documents/R-D1');

    const restore = () =>
      call('editor.d', 'POST', `/documents/customers/R-D1/${first.documentId}/versions/1/restore`, undefined, {
        'Idempotency-Key': 'docs-restore-00000001',
      });
    const [a, b] = await Promise.all([restore(), restore()]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect([a.body.version, b.body.version, a.body.restoredFrom, a.body.bytes]).toEqual([3, 3, 1, first.bytes]);
    expect((await restore()).body.version).toBe(3);
    const file = await fetch(String((await call('reader.d', 'GET', `/documents/${first.documentId}/download`)).body.url));
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf())).toBe(true);
    const after = await call('editor.d', 'GET', `/documents/customers/R-D1/${first.documentId}/versions`);
    expect((after.body.versions as { version: number }[]).map((v) => v.version)).toEqual([2, 1]);
    // A version nobody has, a reader, another customer's editor.
    const missing = await call('editor.d', 'POST', `/documents/customers/R-D1/${first.documentId}/versions/9/restore`, undefined, {
      'Idempotency-Key': 'docs-restore-00000002',
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'DOCUMENTS.NOT_FOUND']);
    expect((await call('reader.d', 'GET', `/documents/customers/R-D1/${first.documentId}/versions`)).status).toBe(403);
    expect((await call('foreign.d', 'GET', `/documents/customers/R-D1/${first.documentId}/versions`)).status).toBe(404);
  });

  it('a company editor cannot replace the supplier’s file of the same name (409, nothing changed)', async () => {
    const done = await upload('editor.d', 'R-D1', pdf(), 'Contract 2026.pdf', 'Contracts');
    expect([done.status, done.body.code]).toEqual([409, 'DOCUMENTS.STATE_CONFLICT']);
    const contracts = DocumentList.parse((await call('reader.d', 'GET', '/documents?folder=Contracts')).body);
    expect(contracts.documents.find((d) => d.documentId === contractId)?.version).toBe(1);
  });
});

describe('workbooks (XLSX)', () => {
  it('accepts an Excel workbook by its bytes and serves it with its type', async () => {
    const done = await upload('supplier.d', 'R-D1', await workbook(), 'Prices 2027.xlsx', 'Price lists', XLSX);
    expect(done.status, done.text).toBe(201);
    expect(done.body).toMatchObject({ contentType: XLSX, source: 'supplier' });
  });

  it.each([
    [
      'a zip that is no workbook',
      async () => zipWith('<Types><Default Extension="txt" ContentType="text/plain"/></Types>', { 'a.txt': 'x' }),
    ],
    [
      'a macro-enabled workbook',
      async () =>
        zipWith(
          '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/><Override PartName="/x" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
          { 'xl/vbaProject.bin': 'x' },
        ),
    ],
    [
      'a workbook with HTML after it (polyglot)',
      async () => Buffer.concat([await workbook(), Buffer.from('<html><script>alert(1)</script>')]),
    ],
    [
      'a zip with a path trick',
      async () => zipWith('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', { '../evil.xml': 'x' }),
    ],
    [
      'a damaged zip',
      async () => Buffer.concat([Buffer.from('PK\u0003\u0004garbage', 'latin1'), Buffer.from([0x50, 0x4b, 5, 6]), Buffer.alloc(18)]),
    ],
  ])('refuses %s (400, nothing kept)', async (_what, make) => {
    const done = await upload('supplier.d', 'R-D1', await make(), 'Sheet.xlsx', 'Refused', XLSX);
    expect([done.status, done.body.code]).toEqual([400, 'WORKFLOW.UPLOAD_REJECTED']);
    expect(DocumentList.parse((await call('reader.d', 'GET', '/documents?folder=Refused')).body).documents).toEqual([]);
    expect(await world.keys('workflow-uploads/pending/documents/')).toEqual([]);
  });

  it('caps the size per type: a PDF above 10 MB is refused at the start, a workbook of that size is not', async () => {
    const start = (contentType: string, bytes: number) =>
      call(
        'supplier.d',
        'POST',
        '/documents/customers/R-D1/uploads',
        { folder: '', fileName: 'big', contentType, bytes },
        { 'Idempotency-Key': docsCapKey() },
      );
    expect((await start('application/pdf', 11 * 1024 * 1024)).status).toBe(400);
    expect((await start(XLSX, 11 * 1024 * 1024)).status).toBe(201);
    expect((await start(XLSX, 21 * 1024 * 1024)).status).toBe(400);
    expect((await start('image/svg+xml', 100)).status).toBe(400);
  });
});

describe('a customer group’s editor (ADR 015)', () => {
  it('acts for a customer of its group; a customer outside the group answers exactly like a missing one', async () => {
    await importOk(world.backend, 'customerGroups', [{ customerGroupId: 'G-DOCS', name: 'Document group' }]);
    await importOk(world.backend, 'retailers', [{ customerId: 'R-DG1', name: 'Group Store', groupId: 'G-DOCS' }]);
    await importOk(world.backend, 'accounts', [
      {
        username: 'group.d',
        password: PASSWORD,
        email: 'group.d@documents.example',
        passwordExpiry: '2030-01-01T00:00:00.000Z',
        customerId: 'G-DOCS',
        portals: ['connect'],
        securityFlag: 16,
        modules: { flow: { permissions: 16 } },
      },
    ]);
    await world.signIn(['group.d'], PASSWORD);
    const done = await upload('group.d', 'R-DG1', pdf(), 'Group terms.pdf', 'Group');
    expect([done.status, done.body.source], done.text).toEqual([201, 'company']);
    const listed = DocumentList.parse((await call('group.d', 'GET', '/documents/customers/R-DG1?folder=Group')).body);
    expect([listed.mayEdit, listed.documents.map((d) => d.name)]).toEqual([true, ['Group terms.pdf']]);
    const outside = await call('group.d', 'GET', '/documents/customers/R-D1');
    const missing = await call('group.d', 'GET', '/documents/customers/R-NONE');
    expect([outside.status, outside.text]).toEqual([404, missing.text]);
  });
});

describe('the company’s documents on a brand that asks for approval (ADR 107)', () => {
  const names = async () => (await listDocuments(world.backend.db, 'R-D1')).items.map((d) => d.name);
  const decide = (user: string, requestId: string, action: 'approve' | 'reject') =>
    call(user, 'POST', `/flow/workflow-requests/${requestId}/${action}`, action === 'reject' ? { comment: 'Not this one.' } : {});

  it('files the upload; it shows once approved, exactly once under parallel and retried approvals; the uploader is mailed', async () => {
    const filed = await upload('editor.d', 'R-D1', pdf(), 'Approved terms.pdf', 'Own', 'application/pdf', APPROVAL_HOST);
    expect(filed.status, filed.text).toBe(201);
    const { requestId } = DocumentFiled.parse(filed.body);
    expect(await names()).not.toContain('Approved terms.pdf');
    const request = await call('approver.d', 'GET', `/flow/workflow-requests/${requestId}`);
    expect((request.body.change as { kind: string }).kind).toBe('documents');
    const approvals = await Promise.all(['approver.d', 'approver2.d', 'approver.d'].map((u) => decide(u, requestId, 'approve')));
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await decide('approver2.d', requestId, 'approve')).status).toBe(409);
    expect((await names()).filter((n) => n === 'Approved terms.pdf')).toHaveLength(1);
    const listed = DocumentList.parse((await call('reader.d', 'GET', '/documents?folder=Own')).body);
    expect(listed.documents.find((d) => d.name === 'Approved terms.pdf')).toMatchObject({
      source: 'company',
      version: 1,
      uploadedBy: 'editor.d',
    });
    const mails = await sentMails('editor.d@documents.example');
    expect(mails.some((m) => m.subject.includes(requestId) && m.subject.includes('approved'))).toBe(true);
  });

  it('never shows a rejected one; the supplier’s upload does not wait', async () => {
    const { requestId } = DocumentFiled.parse(
      (await upload('editor.d', 'R-D1', pdf(), 'Rejected.pdf', 'Own', 'application/pdf', APPROVAL_HOST)).body,
    );
    expect((await decide('approver.d', requestId, 'reject')).status).toBe(200);
    expect((await decide('approver.d', requestId, 'approve')).status).toBe(409);
    expect(await names()).not.toContain('Rejected.pdf');
    const supplier = await upload('supplier.d', 'R-D1', pdf(), 'Supplier at once.pdf', 'Own', 'application/pdf', APPROVAL_HOST);
    expect(Document.parse(supplier.body).name).toBe('Supplier at once.pdf');
    expect(await names()).toContain('Supplier at once.pdf');
  });
});
