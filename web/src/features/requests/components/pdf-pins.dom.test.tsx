import type { RequestDetail } from '@portal/core/workflow';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { fileOf, flowUser, pinComment, requestOf, requestRoute, stepOf, workflowOf } from '../test-support.ts';

// The first render loads the lazy route, its catalogues and the viewer's lazy module: on a busy machine over a second.

/**
 * A PDF answer's viewer (ADR 047): page by page, pins of the page shown only, a click places
 * a pin on that page (the comment names it), a pin's number in the thread shows its page. pdf.js needs a
 * real canvas and a worker, which happy-dom has neither of, so it is mocked at its module boundary
 * ('pdfjs-dist': getDocument → a document of two pages whose render records the page); the real pdf.js is
 * exercised by tests/e2e/request-pdf-pins.test.ts in Chromium.
 */
const pdf = vi.hoisted(() => ({ rendered: [] as number[], params: [] as Record<string, unknown>[] }));
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  getDocument: (params: Record<string, unknown>) => {
    pdf.params.push(params);
    const page = (n: number) => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 200 * scale, height: 280 * scale }),
      render: () => {
        pdf.rendered.push(n);
        return { promise: Promise.resolve(), cancel: () => undefined };
      },
    });
    return { promise: Promise.resolve({ numPages: 2, getPage: async (n: number) => page(n) }), destroy: async () => undefined };
  },
}));

const approver = flowUser({ approveRequests: true });
const ID = 'WR-PDF2PAGE';
const ITEM = `${ID}.docs.contract`;
const workflow = workflowOf({
  workflowId: 'wf-docs',
  name: 'New store onboarding',
  steps: [stepOf('docs', 'Documents', [{ itemId: 'contract', type: 'file', label: 'Signed contract', required: true }])],
});
const pin = (n: number, page: number, x: number) => pinComment(ITEM, n, x, page);
const detail: RequestDetail = {
  request: requestOf(workflow, { id: ID, status: 'pending' }),
  workflow,
  items: [
    {
      id: ITEM,
      stepId: 'docs',
      itemId: 'contract',
      type: 'file',
      answer: null,
      files: [fileOf('f1', 'contract.pdf', 'application/pdf', { pageCount: 2, uploadedAt: '2026-11-24T10:05:00.000Z' })],
    },
  ],
  comments: [pin(1, 2, 0.3), pin(2, 1, 0.6)],
  audit: [],
  change: null,
  may: { answer: false, submit: false, approve: true, reject: true, archive: false },
};

const shownPins = () => [...document.querySelectorAll('[data-pin]')].map((p) => p.getAttribute('data-pin'));

describe('the PDF viewer with pins', () => {
  beforeEach(() => {
    resetSession('connect');
    // The page loads near the viewport or once the page is idle (ADR 152); happy-dom has no layout, so its
    // IntersectionObserver never reports it near: the page counts as idle.
    performance.mark('portal:idle');
    pdf.rendered.length = 0;
    pdf.params.length = 0;
    // happy-dom lays nothing out: the viewer is 600 px wide.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  it('pages through the PDF, shows only the page’s pins, places a pin on the page shown, and a pin number opens its page', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: approver },
      ...requestRoute(detail, () => 'https://files.test/contract.pdf'),
      'GET /contract.pdf': { body: '%PDF-1.7' },
      'POST /api/flow/workflow-request-comments': (call) => ({ status: 201, body: { ...pin(3, 2, 0.25), ...(call.body as object) } }),
    });
    renderRoute(paths.connect.request(ID));

    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    await waitFor(() => expect(pdf.rendered).toEqual([1]));
    expect(pdf.params[0]).toMatchObject({ isEvalSupported: false });
    expect(backend.calls.some((c) => c.path === '/contract.pdf')).toBe(true);
    expect(screen.getByRole('img', { name: 'contract.pdf, Page 1 of 2' })).toBeTruthy();
    expect(shownPins()).toEqual(['2']);
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    await waitFor(() => expect(pdf.rendered).toEqual([1, 2]));
    expect(shownPins()).toEqual(['1']);
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);

    // A click at (50, 210) of a 200 × 280 surface: a pin at 0.25 / 0.75 of page 2, numbered after the file's last pin.
    const surface = screen.getByTestId('pin-surface');
    vi.spyOn(surface, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      width: 200,
      height: 280,
      right: 200,
      bottom: 280,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.click(surface, { clientX: 50, clientY: 210 });
    expect(shownPins()).toEqual(['1', '3']);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Comment on the new pin' }), { target: { value: 'Sign here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save comment' }));
    expect(await backend.bodyOfCall('POST', '/api/flow/workflow-request-comments', 1)).toEqual({
      requestStepItemId: ITEM,
      comment: 'Sign here',
      fileId: 'f1',
      positionX: 0.25,
      positionY: 0.75,
      page: 2,
    });

    // The thread names each pin's page; pin 2's number shows page 1.
    expect(screen.getAllByText(/· page 1/)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pin 2: show page 1' }));
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(shownPins()).toEqual(['2']);
  });

  it('fetches the file and opens pdf.js only once the page’s place nears the viewport (ADR 152)', async () => {
    // Every part waiting for the viewport (the viewer, the audit trail below it) is reported near at once.
    const near: (() => void)[] = [];
    const reportNear = () => near.forEach((report) => report());
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          near.push(() => this.callback([{ isIntersecting: true }]));
        }
        disconnect() {}
      },
    );
    performance.clearMarks('portal:idle');
    const backend = fakeBackend({
      'GET /api/auth/status': { body: approver },
      ...requestRoute(detail, () => 'https://files.test/contract.pdf'),
      'GET /contract.pdf': { body: '%PDF-1.7' },
    });
    try {
      renderRoute(paths.connect.request(ID));
      // The viewer's frame is there (its pages counted by the upload), its page still to come.
      expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
      expect(shownPins()).toEqual(['2']);
      await new Promise((settle) => setTimeout(settle, 50));
      expect(backend.calls.some((c) => c.path === '/contract.pdf' || c.query.has('download'))).toBe(false);
      expect(pdf.params).toEqual([]);

      act(() => reportNear());
      await waitFor(() => expect(pdf.rendered).toEqual([1]));
      expect(backend.calls.some((c) => c.path === '/contract.pdf')).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a PDF that cannot be read says so and takes no pins', async () => {
    fakeBackend({
      'GET /api/auth/status': { body: approver },
      ...requestRoute(detail, () => 'https://files.test/gone.pdf'),
    });
    renderRoute(paths.connect.request(ID));
    expect(await screen.findByText('The PDF could not be shown.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pin-surface'));
    expect(screen.queryByRole('textbox', { name: 'Comment on the new pin' })).toBeNull();
    expect(pdf.rendered).toEqual([]);
  });
});
