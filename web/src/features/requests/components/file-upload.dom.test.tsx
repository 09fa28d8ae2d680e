import type { RequestDetail } from '@portal/core/workflow';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { flowUser, requestOf, stepOf, workflowOf } from '../test-support.ts';

// The first render loads the lazy route and its catalogues: on a busy machine over a second.

/**
 * The file picker in the user's language (ADR 045): the native input (whose "Choose files /
 * No file chosen" follow the browser) is hidden from the tab order and assistive technology; a button in the
 * user's language, named by the item's label, opens it, and the chosen file names are listed.
 */
const workflow = workflowOf({
  steps: [stepOf('screens', 'Screens', [{ itemId: 'flow', type: 'screenflow', label: 'Bildschirme', required: true, maxFiles: 5 }])],
});
const detail: RequestDetail = {
  request: requestOf(workflow),
  workflow,
  items: [{ id: 'WR-7K3M9Q2X.screens.flow', stepId: 'screens', itemId: 'flow', type: 'screenflow', answer: null, files: [] }],
  comments: [],
  audit: [],
  change: null,
  may: { answer: true, submit: true, approve: false, reject: false, archive: true },
};

describe('file picker', () => {
  beforeEach(() => resetSession('connect'));

  it('is a button in the user’s language that opens the hidden input, and lists the chosen files', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: flowUser({ doRequests: true }, 'de-DE') },
      'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: detail },
      'POST /api/flow/workflow-request-items/WR-7K3M9Q2X.screens.flow/upload': {
        body: { uploadId: 'u1', url: 'http://storage.test/bucket', fields: {}, expiresAt: '2026-11-24T11:00:00.000Z' },
      },
    });
    // No storage here: the XMLHttpRequest to it fails at once (the picker's part ends with the upload's start).
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        onerror: (() => void) | null = null;
        open() {}
        send() {
          setTimeout(() => this.onerror?.(), 0);
        }
      },
    );
    renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    const button = await screen.findByRole('button', { name: 'Bildschirme * Dateien auswählen' });
    expect(screen.getByText('Keine Datei ausgewählt')).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect([input.tabIndex, input.getAttribute('aria-hidden'), input.multiple]).toEqual([-1, 'true', true]);
    const opened = vi.spyOn(input, 'click');
    button.focus();
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);

    const files = [new File(['a'], 'kasse-1.png', { type: 'image/png' }), new File(['b'], 'kasse-2.png', { type: 'image/png' })];
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('Ausgewählt: kasse-1.png, kasse-2.png')).toBeTruthy();
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/flow/workflow-request-items/WR-7K3M9Q2X.screens.flow/upload')[0]!.body).toMatchObject({
        fileName: 'kasse-1.png',
        contentType: 'image/png',
      }),
    );
    expect(await screen.findByText(/kasse-1\.png: Das Hochladen in den Speicher ist fehlgeschlagen/)).toBeTruthy();
  });
});
