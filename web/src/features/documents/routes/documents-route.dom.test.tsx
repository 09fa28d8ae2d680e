import type { Document } from '@portal/core/documents';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedInWithModule } from '../../../test/fixtures.ts';

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
});
