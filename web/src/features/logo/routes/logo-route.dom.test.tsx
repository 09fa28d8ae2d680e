import type { CurrentLogo, StagedLogo } from '@portal/core/logo';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedInWithModule } from '../../../test/fixtures.ts';

/** The Logo section against a fake API (ADR 084): read-only without flow.editCompanyAssets; choose, preview in the header, save. */
const reader = signedInWithModule('payment', { transactions: true });
const editor = signedInWithModule('flow', { editCompanyAssets: true });
const ID = '0123456789abcdef0123456789abcdef';
const urls = (id: string) => ({
  header: `/api/logos/${id}-header.png`,
  mail: `/api/logos/${id}-mail.png`,
  pdf: `/api/logos/${id}-pdf.png`,
});
const staged: StagedLogo = {
  logoId: ID,
  urls: urls(ID),
  width: 400,
  height: 100,
  stagedAt: '2026-11-29T08:00:00.000Z',
  stagedBy: 'editor',
};
const current: CurrentLogo = { ...staged, appliedAt: '2026-11-29T08:01:00.000Z', appliedBy: 'editor' };

/** The storage takes every POST (no S3 here). */
function storageAccepts() {
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload = {};
      status = 204;
      onload: (() => void) | null = null;
      open() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    },
  );
}

describe('the Logo section', () => {
  beforeEach(() => resetSession('connect'));

  it('shows the current logo read-only to a user without flow.editCompanyAssets', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: reader }, 'GET /api/logo': { body: { current, mayEdit: false } } });
    renderRoute(paths.connect.logo);
    expect(((await screen.findByAltText("Your company's current logo")) as HTMLImageElement).getAttribute('src')).toBe(current.urls.pdf);
    expect(screen.getByText('Only users allowed to change company assets can change the logo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose an image' })).toBeNull();
  });

  /** An editor without a logo yet: the upload stages `staged`, the save answers `saved`. */
  const editorBackend = (saved: object) =>
    fakeBackend({
      'GET /api/auth/status': { body: editor },
      'GET /api/logo': { body: { current: null, mayEdit: true } },
      'POST /api/logo/uploads': {
        status: 201,
        body: { uploadId: 'u1', url: 'http://storage.test/bucket', fields: {}, expiresAt: '2026-11-29T09:00:00.000Z' },
      },
      'POST /api/logo/uploads/u1/complete': { status: 201, body: staged },
      'POST /api/logo/apply': { body: saved },
    });

  it('refuses an SVG in the browser, uploads a PNG, previews it in the header and saves it', async () => {
    storageAccepts();
    const backend = editorBackend({ outcome: 'applied', current });
    renderRoute(paths.connect.logo);
    await screen.findByRole('button', { name: 'Choose an image' });
    expect(screen.getByText("No logo yet: the portal shows the brand's mark.")).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('logo.svg is not a PNG, JPEG or WebP image.');
    expect(backend.callsTo('POST', '/api/logo/uploads')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    const preview = await screen.findByRole('img', { name: 'The new logo' });
    expect(preview.querySelector('img')?.getAttribute('src')).toBe(staged.urls.header);
    expect(backend.callsTo('POST', '/api/logo/uploads')[0]!.body).toMatchObject({
      fileName: 'logo.png',
      contentType: 'image/png',
      bytes: 3,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save logo' }));
    expect(await screen.findByText('The logo is saved. All your users see it from their next page load.')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/logo/apply')[0]!.body).toEqual({ logoId: ID });
    await waitFor(() => expect(backend.callsTo('GET', '/api/auth/status').length).toBeGreaterThanOrEqual(2));
  });

  it('says a save was sent for approval, with a link to the request, where the brand asks for it', async () => {
    storageAccepts();
    const backend = editorBackend({ outcome: 'filed', requestId: 'R-42' });
    renderRoute(paths.connect.logo);
    await screen.findByRole('button', { name: 'Choose an image' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save logo' }));
    expect(await screen.findByText(/Sent for approval as request R-42/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(paths.connect.request('R-42'));
    expect(backend.callsTo('GET', '/api/auth/status')).toHaveLength(1);
  });
});
