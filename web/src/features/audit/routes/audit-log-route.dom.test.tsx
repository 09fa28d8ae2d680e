import type { AuditEntryView, AuditList } from '@portal/core/audit';
import type { SessionStatus } from '@portal/core/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { cellTexts, type FakeCall, fakeBackend, fillFields, headerTexts, renderRoute } from '../../../test/dom.tsx';
import { exportJobFixture, signedIn, signedInWithModule } from '../../../test/fixtures.ts';

// The first render loads the lazy route, its catalogues and the page: on a busy machine over a second.

/** A connect administrator (team.manageTeam; Europe/Berlin, en-US). */
const connectAdmin = signedInWithModule('team', { manageTeam: true });
/** An ordering administrator (ordering manageTeam). */
const orderingAdmin = signedIn({}, { manageTeam: true });
const german = (status: SessionStatus): SessionStatus => ({ ...status, user: { ...status.user!, locale: 'de-DE' } });

const anna = { username: 'anna.schmidt', name: 'Anna Schmidt' };
const ben = { username: 'ben.meyer', name: 'Ben Meyer' };
const entry = (seq: number, over: Partial<AuditEntryView> = {}): AuditEntryView => ({
  seq,
  at: '2026-11-24T10:30:15.000Z',
  kind: 'signin.succeeded',
  actor: anna,
  subject: null,
  ip: '203.0.113.7',
  details: {},
  ...over,
});
const list = (items: AuditEntryView[], cursor: string | null = null): AuditList => ({ items, cursor, retentionDays: 400 });
const firstPage = list(
  [
    entry(3, {
      kind: 'account.permissions_changed',
      subject: ben,
      at: '2026-11-24T11:00:00.000Z',
      details: { portal: 'connect', from: '', to: 'reportManagement.reports, payment.transactions', sessionsEnded: 1200 },
    }),
    entry(2, {
      kind: 'signin.failed',
      actor: { username: 'ben.meyer', name: '' },
      ip: '198.51.100.2',
      details: { method: 'passkey', portal: 'connect', reason: 'passkey_refused' },
    }),
    entry(1, { kind: 'export.downloaded', details: { file: 'transactions_R-1.xlsx' }, ip: null }),
  ],
  'c2',
);

const backendWith = (status: SessionStatus, answer: (call: FakeCall) => { status?: number; body: unknown }) =>
  fakeBackend({ 'GET /api/auth/status': { body: status }, 'GET /api/audit': answer });
const rows = async () => within(await screen.findByRole('table')).getAllByRole('row');
const cells = cellTexts;

describe('the audit log', () => {
  beforeEach(() => {
    resetSession('connect');
    resetSession('ordering');
  });

  it('lists who did what in words, when in the reader’s zone to the second, and from which address', async () => {
    const backend = backendWith(connectAdmin, () => ({ body: firstPage }));
    renderRoute(paths.connect.auditLog);

    const [head, ...body] = await rows();
    expect(headerTexts(head!)).toEqual(['When', 'Who', 'What', 'Address']);
    expect(cells(body[0]!)).toEqual([
      'Nov 24, 2026, 12:00:00 PM',
      'Anna Schmidtanna.schmidt',
      'Changed the permissions of Ben MeyerPortal: Connect portalBefore: No permissionsAfter: See reports, See payment transactionsSessions ended: 1,200',
      '203.0.113.7',
    ]);
    expect(cells(body[1]!)).toEqual([
      'Nov 24, 2026, 11:30:15 AM',
      'ben.meyerben.meyer (name typed at sign-in)',
      'Sign-in failedMethod: PasskeyPortal: Connect portalReason: Passkey refused',
      '198.51.100.2',
    ]);
    expect(cells(body[2]!)).toEqual([
      'Nov 24, 2026, 11:30:15 AM',
      'Anna Schmidtanna.schmidt',
      'Downloaded an exportFile: transactions_R-1.xlsx',
      '—',
    ]);
    expect(screen.getByText(/Entries are kept for 400 days\./)).toBeTruthy();
    // The default period: SPEC 4's last 31 days, as days of the reader's zone.
    const [call] = backend.callsTo('GET', '/api/audit');
    expect(call!.query.get('limit')).toBe('50');
    expect(call!.query.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(call!.query.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(call!.query.has('cursor')).toBe(false);
  });

  it('searches by person, kind and dates, and puts the filter in the URL', async () => {
    const backend = backendWith(connectAdmin, () => ({ body: firstPage }));
    const { location } = renderRoute(paths.connect.auditLog);
    await rows();

    fillFields({ Person: ' ben.meyer ', Kind: 'signin.failed', From: '2026-11-01', To: '2026-11-20' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await backend.queryOfCall('GET', '/api/audit', 2)).toEqual({
      person: 'ben.meyer',
      kind: 'signin.failed',
      from: '2026-11-01',
      to: '2026-11-20',
      limit: '50',
    });
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
      person: 'ben.meyer',
      kind: 'signin.failed',
      preset: 'custom',
      from: '2026-11-01',
      to: '2026-11-20',
    });
  });

  it('an end before the start is said at the dates and nothing is asked', async () => {
    const backend = backendWith(connectAdmin, () => ({ body: firstPage }));
    renderRoute(paths.connect.auditLog);
    await rows();

    fillFields({ From: '2026-11-20', To: '2026-11-01' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(backend.callsTo('GET', '/api/audit')).toHaveLength(1);
  });

  it('pages to older entries by the server’s cursor and back', async () => {
    const backend = backendWith(connectAdmin, (call) => ({
      body: call.query.get('cursor') === 'c2' ? list([entry(9, { kind: 'passkey.added' })]) : firstPage,
    }));
    const { location } = renderRoute(paths.connect.auditLog);
    await rows();

    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    await screen.findByText('Added a passkey');
    expect(new URLSearchParams(location().search).get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Newer entries' }));
    await screen.findByText('Changed the permissions of Ben Meyer');
    expect(new URLSearchParams(location().search).has('cursor')).toBe(false);
    expect(backend.callsTo('GET', '/api/audit').length).toBeGreaterThanOrEqual(2);
  });

  it('a cursor the server refuses says so and leads back to the newest entries', async () => {
    backendWith(connectAdmin, (call) =>
      call.query.has('cursor')
        ? { status: 400, body: { code: 'AUDIT.BAD_CURSOR', message: 'This cursor does not belong to this list.' } }
        : { body: firstPage },
    );
    const { location } = renderRoute(`${paths.connect.auditLog}?cursor=forged`);

    expect(await screen.findByText(/This page of the list is no longer valid/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the newest' }));
    await screen.findByText('Changed the permissions of Ben Meyer');
    expect(new URLSearchParams(location().search).has('cursor')).toBe(false);
  });

  it('says when nothing was recorded', async () => {
    backendWith(connectAdmin, () => ({ body: list([]) }));
    renderRoute(paths.connect.auditLog);
    expect(await screen.findByText('No entries')).toBeTruthy();
  });

  it('exports the applied filter through an export job', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: connectAdmin },
      'GET /api/audit': { body: firstPage },
      'POST /api/exports': {
        status: 202,
        body: exportJobFixture({ kind: 'audit', format: 'csv', createdAt: '2026-11-24T10:00:00.000Z' }),
      },
    });
    renderRoute(`${paths.connect.auditLog}?person=anna.schmidt&preset=custom&from=2026-11-01&to=2026-11-20&cursor=c2`);
    await rows();

    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/exports')).toHaveLength(1));
    // The whole filtered log, not the page shown.
    expect(backend.callsTo('POST', '/api/exports')[0]!.body).toEqual({
      kind: 'audit',
      format: 'csv',
      filter: { person: 'anna.schmidt', from: '2026-11-01', to: '2026-11-20' },
    });
  });

  it('speaks German to a German administrator', async () => {
    backendWith(german(connectAdmin), () => ({ body: firstPage }));
    renderRoute(paths.connect.auditLog);

    const [head, ...body] = await rows();
    expect(headerTexts(head!)).toEqual(['Wann', 'Wer', 'Was', 'Adresse']);
    expect(cells(body[0]!)[0]).toBe('24.11.2026, 12:00:00');
    // The details in words too (ADR 122): labels, codes, permissions and numbers in German.
    expect(cells(body[0]!)[2]).toBe(
      'Hat die Berechtigungen von Ben Meyer geändertPortal: Connect-PortalVorher: Keine BerechtigungenNachher: Berichte einsehen, Zahlungstransaktionen einsehenBeendete Sitzungen: 1.200',
    );
    expect(cells(body[1]!)[2]).toBe('Anmeldung fehlgeschlagenVerfahren: PasskeyPortal: Connect-PortalGrund: Passkey abgelehnt');
    expect(cells(body[2]!)[2]).toBe('Hat einen Export heruntergeladenDatei: transactions_R-1.xlsx');
    expect(screen.getByRole('heading', { level: 1, name: 'Aktivitätsprotokoll' })).toBeTruthy();
  });

  it('is the ordering administrator’s too, in the sidebar, without choosing a retailer', async () => {
    const backend = backendWith(orderingAdmin, () => ({ body: firstPage }));
    renderRoute(paths.app.auditLog);

    await rows();
    expect(backend.callsTo('GET', '/api/audit')).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: /Audit log/ }).length).toBeGreaterThan(0);
  });

  it('is not open without the team administrator’s permission', async () => {
    const backend = backendWith(signedInWithModule('payment', { transactions: true }), () => ({ body: firstPage }));
    renderRoute(paths.connect.auditLog);

    await waitFor(() => expect(backend.callsTo('GET', '/api/auth/status').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('table')).toBeNull();
    expect(backend.callsTo('GET', '/api/audit')).toHaveLength(0);
  });
});
