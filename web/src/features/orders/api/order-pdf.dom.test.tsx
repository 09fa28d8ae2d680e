import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend } from '../../../test/dom.tsx';
import { downloadOrderPdf } from './orders.ts';

/** The order detail's "Download PDF": a file with a meaningful name, not only a blob tab. */
describe('downloadOrderPdf', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fetches the PDF and saves it as Order-<id>-<ordered date in the user zone>.pdf', async () => {
    const backend = fakeBackend({ 'GET /api/replenishment/orders/O-20261121-ABC123/pdf': { body: '%PDF-' } });
    const saved: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href });
    });
    // 23:30 UTC on the 20th is already the 21st in Berlin.
    await downloadOrderPdf('ordering', { orderId: 'O-20261121-ABC123', orderedAt: '2026-11-20T23:30:00.000Z' }, 'Europe/Berlin');
    expect(backend.callsTo('GET', '/api/replenishment/orders/O-20261121-ABC123/pdf')).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.download).toBe('Order-O-20261121-ABC123-2026-11-21.pdf');
    expect(saved[0]!.href).toMatch(/^blob:/);
  });
});
