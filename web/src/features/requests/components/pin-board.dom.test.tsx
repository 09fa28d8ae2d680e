import type { ItemComment, RequestDetail } from '@portal/core/workflow';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { AT, fileOf, flowUser, requestOf, requestRoute, stepOf, workflowOf } from '../test-support.ts';

// The first render loads the lazy route, its catalogues and the viewer's lazy module: on a busy machine over a second.

/**
 * Pins by keyboard (ADR 047): the picture or PDF page is a focusable surface named for what it
 * shows; arrow keys move a crosshair from the centre (Shift: bigger steps), Enter opens the comment form
 * there and the saved comment carries the same positionX / positionY (and page) a click sends; Escape
 * cancels and focus returns to the surface. Each pin is a button named by its comment that moves focus to
 * it in the thread. People are named by display name (the header, the enquiry note, a comment's author).
 * pdf.js is mocked at its module boundary as in pdf-pins.dom.test.tsx.
 */
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  getDocument: () => {
    const page = () => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 200 * scale, height: 280 * scale }),
      render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
    });
    return { promise: Promise.resolve({ numPages: 2, getPage: async () => page() }), destroy: async () => undefined };
  },
}));

const approver = flowUser({ approveRequests: true });
const ID = 'WR-KEYPINS2';
const SCREENS = `${ID}.screens.flow`;
const DOCS = `${ID}.screens.contract`;
const workflow = workflowOf({
  steps: [
    stepOf('screens', 'Screens', [
      { itemId: 'flow', type: 'screenflow', label: 'Checkout screens', required: true },
      { itemId: 'contract', type: 'file', label: 'Contract', required: false },
    ]),
  ],
});
const image = (fileId: string, name: string) => fileOf(fileId, name, 'image/png', { width: 400, height: 300 });
const comment = (over: Partial<ItemComment>): ItemComment => ({
  commentId: 'c1',
  requestStepItemId: SCREENS,
  comment: 'The logo is too small on the payment screen',
  positionX: 0.2,
  positionY: 0.3,
  fileId: 's1',
  pin: 1,
  page: null,
  author: 'demo.approver',
  authorName: 'Anna Approver',
  createdAt: AT,
  ...over,
});
const detail: RequestDetail = {
  request: requestOf(workflow, {
    id: ID,
    enquiry: 'Two screens for the new tills',
    status: 'pending',
    requestedByName: 'Conrad Connect',
    editedByName: 'Conrad Connect',
  }),
  workflow,
  items: [
    {
      id: SCREENS,
      stepId: 'screens',
      itemId: 'flow',
      type: 'screenflow',
      answer: null,
      files: [image('s1', 'screen-1.png'), image('s2', 'screen-2.png')],
    },
    {
      id: DOCS,
      stepId: 'screens',
      itemId: 'contract',
      type: 'file',
      answer: null,
      files: [fileOf('p1', 'contract.pdf', 'application/pdf', { pageCount: 2 })],
    },
  ],
  comments: [comment({})],
  audit: [],
  change: null,
  may: { answer: false, submit: false, approve: true, reject: true, archive: false },
};

function backendFor() {
  return fakeBackend({
    'GET /api/auth/status': { body: approver },
    ...requestRoute(detail, (fileId) => `https://files.test/${fileId}`),
    'GET /p1': { body: '%PDF-1.7' },
    'POST /api/flow/workflow-request-comments': (call) => ({ status: 201, body: comment({ commentId: 'c9', ...(call.body as object) }) }),
  });
}

const press = (element: Element, key: string, shiftKey = false) => fireEvent.keyDown(element, { key, shiftKey });
const aim = () => document.querySelector<HTMLElement>('[data-testid="pin-aim"] span:last-child')!.style;

describe('pins by keyboard', () => {
  beforeEach(() => {
    // A PDF's page loads near the viewport or once the page is idle (ADR 152); happy-dom lays nothing out.
    performance.mark('portal:idle');
    resetSession('connect');
    // happy-dom lays nothing out: the PDF viewer is 600 px wide.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  it('places a pin on a screen with arrow keys and Enter, like a click; Escape cancels; a pin leads to its comment', async () => {
    const backend = backendFor();
    renderRoute(paths.connect.request(ID));

    // Display names, not usernames.
    expect(await screen.findByText(/^Requested by Conrad Connect on/)).toBeTruthy();
    expect(screen.getByText('Note from Conrad Connect')).toBeTruthy();
    expect(screen.getByText(/^Anna Approver ·/)).toBeTruthy();

    const surface = await screen.findByRole('application', { name: 'Screen 2 of 2 — press Enter to place a pin' });
    expect(surface.tabIndex).toBe(0);
    surface.focus();
    await waitFor(() => expect(document.querySelector('[data-testid="pin-aim"]')).toBeTruthy());
    expect([aim().left, aim().top]).toEqual(['50%', '50%']);
    expect(screen.getByText('Pin at 50% across, 50% down')).toBeTruthy();
    press(surface, 'ArrowRight');
    press(surface, 'ArrowRight');
    press(surface, 'ArrowRight');
    press(surface, 'ArrowDown', true);
    press(surface, 'ArrowLeft', true);
    press(surface, 'ArrowRight', true);
    expect(screen.getByText('Pin at 56% across, 60% down')).toBeTruthy();

    // Escape in the form cancels: no call, focus back on the surface.
    press(surface, 'Enter');
    const form = await screen.findByRole('textbox', { name: 'Comment on the new pin' });
    press(form, 'Escape');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Comment on the new pin' })).toBeNull());
    expect(document.activeElement).toBe(surface);

    // From the centre again: two steps up, one left; Enter; the same call a click makes.
    press(surface, 'ArrowUp');
    press(surface, 'ArrowUp');
    press(surface, 'ArrowLeft');
    press(surface, 'Enter');
    // The new pin shows where the crosshair was: this screen's first.
    expect(
      [...surface.querySelectorAll('[data-pin]')].map((p) => [
        p.getAttribute('data-pin'),
        (p as HTMLElement).style.left,
        (p as HTMLElement).style.top,
      ]),
    ).toEqual([['1', '48%', '46%']]);
    const text = await screen.findByRole('textbox', { name: 'Comment on the new pin' });
    expect(document.activeElement).toBe(text);
    fireEvent.change(text, { target: { value: 'Button text cut off' } });
    fireEvent.submit(text.closest('form')!);
    expect(await backend.bodyOfCall('POST', '/api/flow/workflow-request-comments', 1)).toEqual({
      requestStepItemId: SCREENS,
      comment: 'Button text cut off',
      fileId: 's2',
      positionX: 0.48,
      positionY: 0.46,
    });
    await waitFor(() => expect(document.activeElement).toBe(surface));

    // The first screen's pin is a button named by its comment; it moves focus to the comment in the thread.
    const pin = screen.getByRole('button', { name: /^Pin 1: The logo is too small on the payment scr…$/ });
    fireEvent.click(pin);
    expect(document.activeElement?.textContent).toContain('The logo is too small on the payment screen');
    expect(backend.callsTo('POST', '/api/flow/workflow-request-comments')).toHaveLength(1);
  });

  it('places a pin on the PDF page shown by keyboard: the comment names the page', async () => {
    const backend = backendFor();
    renderRoute(paths.connect.request(ID));
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    const surface = await screen.findByRole('application', { name: 'Page 2 of 2 — press Enter to place a pin' });
    surface.focus();
    press(surface, 'ArrowDown', true);
    press(surface, 'Enter');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Comment on the new pin' }), { target: { value: 'Sign here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save comment' }));
    expect(await backend.bodyOfCall('POST', '/api/flow/workflow-request-comments', 1)).toEqual({
      requestStepItemId: DOCS,
      comment: 'Sign here',
      fileId: 'p1',
      positionX: 0.5,
      positionY: 0.6,
      page: 2,
    });
  });
});
