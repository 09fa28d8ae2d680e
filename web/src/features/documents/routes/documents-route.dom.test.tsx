import type { Document } from '@portal/core/documents';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { masterDataFixture, signedInWithModule } from '../../../test/fixtures.ts';

/** The Documents section against a fake API (ADR 082): folders, columns, sorting and search by the server's answer, a download. */
const reader = signedInWithModule('payment', { transactions: true });
const doc = (over: Partial<Document>): Document => ({
  documentId: 'doc-a',
  folder: 'Contracts',
  name: 'Contract.pdf',
  bytes: 2048,
  contentType: 'application/pdf',
  uploadedAt: '2026-01-05T09:00:00.000Z',
  uploadedBy: 'operator',
  source: 'supplier',
  version: 1,
  ...over,
});
const list = (over: object) => ({ customerId: 'P-1', folder: '', folders: [], documents: [], mayEdit: false, ...over });

describe('the Documents section', () => {
  beforeEach(() => resetSession('connect'));

  it('opens a folder, sorts by a column and searches by name, each through the server', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: reader },
      'GET /api/documents': (call) => {
        if (call.query.get('q') === 'price')
          return { body: list({ documents: [doc({ documentId: 'doc-p', folder: 'Price lists', name: 'Price list.xlsx' })] }) };
        if (call.query.get('folder') === 'Contracts') return { body: list({ folder: 'Contracts', documents: [doc({})] }) };
        return { body: list({ folders: ['Contracts', 'Price lists'] }) };
      },
    });
    renderRoute(paths.connect.documents);
    fireEvent.click(await screen.findByRole('button', { name: /Contracts/ }));
    const row = await screen.findByRole('button', { name: 'Download Contract.pdf' });
    expect(row).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('PDF')).toBeTruthy();
    expect(within(table).getByText('2 kB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(backend.calls.some((c) => c.query.get('sort') === 'date' && c.query.get('dir') === 'asc')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Date/ }));
    await waitFor(() => expect(backend.calls.some((c) => c.query.get('sort') === 'date' && c.query.get('dir') === 'desc')).toBe(true));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), { target: { value: 'price' } });
    expect(await screen.findByRole('button', { name: 'Download Price list.xlsx' })).toBeTruthy();
  });

  it('downloads through the server’s short-lived link', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fakeBackend({
      'GET /api/auth/status': { body: reader },
      'GET /api/documents': { body: list({ documents: [doc({})] }) },
      'GET /api/documents/doc-a/download': { body: { url: 'https://files.example/doc-a?sig', expiresInSeconds: 60 } },
    });
    renderRoute(paths.connect.documents);
    fireEvent.click(await screen.findByRole('button', { name: 'Download Contract.pdf' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://files.example/doc-a?sig'));
    vi.unstubAllGlobals();
  });

  it('says "No documents" for an empty folder', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: reader }, 'GET /api/documents': { body: list({}) } });
    renderRoute(paths.connect.documents);
    expect(await screen.findByRole('heading', { name: 'No documents' })).toBeTruthy();
  });

  it('an editor uploads a file into the folder shown: a wrong type is refused in place, a PDF goes through storage and the API', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
        status = 204;
        onload: (() => void) | null = null;
        open() {}
        send() {
          setTimeout(() => {
            this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
            this.onload?.();
          }, 0);
        }
      },
    );
    let completions = 0;
    const backend = fakeBackend({
      'GET /api/auth/status': { body: reader },
      'GET /api/documents': (call) =>
        call.query.get('folder') === 'Contracts'
          ? { body: list({ folder: 'Contracts', mayEdit: true, documents: [doc({})] }) }
          : { body: list({ mayEdit: true, folders: ['Contracts'] }) },
      'POST /api/documents/customers/P-1/uploads': {
        status: 201,
        body: { uploadId: 'u1', url: 'http://storage.test/bucket', fields: { key: 'k' }, expiresAt: '2026-11-24T11:00:00.000Z' },
      },
      // The second completion on a brand that asks for approval: filed (ADR 107).
      'POST /api/documents/customers/P-1/uploads/u1/complete': () =>
        completions++ === 0
          ? { status: 201, body: doc({ documentId: 'doc-n', name: 'Terms.pdf', source: 'company' }) }
          : { status: 201, body: { outcome: 'filed', requestId: 'WR-DOC1', name: 'Later.pdf', folder: 'Contracts' } },
    });
    renderRoute(paths.connect.documents);
    fireEvent.click(await screen.findByRole('button', { name: /Contracts/ }));
    await screen.findByRole('button', { name: 'Download Contract.pdf' });
    const folder = screen.getByRole('textbox', { name: 'Folder' }) as HTMLInputElement;
    await waitFor(() => expect(folder.value).toBe('Contracts'));
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText(/logo\.svg is not a PDF/)).toBeTruthy();
    expect(backend.callsTo('POST', '/api/documents/customers/P-1/uploads')).toEqual([]);
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Terms.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Terms.pdf was uploaded.')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/documents/customers/P-1/uploads')[0]!.body).toMatchObject({
      folder: 'Contracts',
      fileName: 'Terms.pdf',
      contentType: 'application/pdf',
      bytes: 8,
    });
    expect(backend.callsTo('POST', '/api/documents/customers/P-1/uploads/u1/complete')).toHaveLength(1);
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Later.pdf', { type: 'application/pdf' })] } });
    expect(
      await screen.findByText('Later.pdf waits for approval: request WR-DOC1. It shows in the folder once it is approved.'),
    ).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('an editor sees who downloaded a document, restores an earlier version and deletes after a confirm', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: reader },
      'GET /api/documents': { body: list({ mayEdit: true, documents: [doc({ version: 2 })] }) },
      'GET /api/documents/customers/P-1/doc-a/downloads': {
        body: { downloads: [{ documentId: 'doc-a', at: '2026-01-06T10:00:00.000Z', username: 'anna.reader', name: 'Contract.pdf' }] },
      },
      'GET /api/documents/customers/P-1/doc-a/versions': {
        body: {
          document: doc({ version: 2 }),
          versions: [
            {
              version: 1,
              bytes: 100,
              contentType: 'application/pdf',
              uploadedAt: '2026-01-01T09:00:00.000Z',
              uploadedBy: 'operator',
              replacedAt: '2026-01-05T09:00:00.000Z',
            },
          ],
        },
      },
      'POST /api/documents/customers/P-1/doc-a/versions/1/restore': { body: doc({ version: 3, restoredFrom: 1 }) },
      'DELETE /api/documents/customers/P-1/doc-a': { body: { documentId: 'doc-a', deleted: true } },
    });
    renderRoute(paths.connect.documents);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of Contract.pdf' }));
    expect(await screen.findByText('anna.reader')).toBeTruthy();
    expect(screen.getByText('Downloads stay on record for 13 months.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText('Version 1 was restored.')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/documents/customers/P-1/doc-a/versions/1/restore')).toHaveLength(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of Contract.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Delete Contract.pdf?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contract.pdf was deleted.')).toBeTruthy();
    expect(backend.callsTo('DELETE', '/api/documents/customers/P-1/doc-a')).toHaveLength(1);
  });

  it('the supplier’s editor chooses the customer whose folder it sees, by name or number, and downloads from it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const backend = fakeBackend({
      'GET /api/auth/status': { body: signedInWithModule('content', { manageDocuments: true }) },
      'GET /api/master-data': {
        body: masterDataFixture({
          customers: [
            { customerId: 'P-1', name: 'Aurora Content' },
            { customerId: 'R-7', name: 'Retail Seven' },
          ],
        }),
      },
      'GET /api/documents/customers/P-1': { body: list({ mayEdit: true, folders: ['Contracts'] }) },
      'GET /api/documents/customers/R-7': { body: list({ customerId: 'R-7', mayEdit: true, documents: [doc({ folder: '' })] }) },
      'GET /api/documents/customers/R-7/doc-a/download': { body: { url: 'https://files.example/r7?sig', expiresInSeconds: 60 } },
    });
    renderRoute(paths.connect.documents);
    // The first customer preselected, its folder read on the editors' route.
    expect(await screen.findByRole('button', { name: /Contracts/ })).toBeTruthy();
    expect(backend.callsTo('GET', '/api/documents')).toEqual([]);
    const picker = screen.getByRole('combobox', { name: 'Whose folder' });
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'R-7' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Retail Seven (R-7)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download Contract.pdf' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://files.example/r7?sig'));
    expect(backend.callsTo('GET', '/api/documents/customers/R-7/doc-a/download')).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
