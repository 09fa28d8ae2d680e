import type { SessionStatus } from '@portal/core/auth';
import type { MasterData } from '@portal/core/masterdata';
import type { Recipient, Report, ReportJob, ReportSchedule } from '@portal/core/report';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { masterDataFixture, signedInWithModule } from '../../../test/fixtures.ts';

// The first render loads the lazy route, its catalogues and master data: on a busy machine over a second.

// The report page's lower panels wait to be near the viewport or for the page's idle mark (components/ui/near-view.tsx,
// ADR 141); happy-dom has no layout, so its IntersectionObserver never reports them near: the page counts as idle.
beforeAll(() => void performance.mark('portal:idle'));

/** The Reports section against a fake API: tabs, the list's fields, the detail's forms, run now, resend, unsubscribe. */
const withModules = (permissions: Record<string, boolean>): SessionStatus => signedInWithModule('reportManagement', permissions);
const everything = withModules({ reports: true, schedule: true, recipients: true });

const masterData: MasterData = masterDataFixture({
  timezones: ['Europe/Berlin', 'America/Los_Angeles'],
  providers: [{ customerId: 'P-1', name: 'Provider One' }],
  customers: [{ customerId: 'P-1', name: 'Provider One' }],
  transactionTypes: [{ transactionTypeId: 'redemption', name: 'Redemption' }],
});

const schedule: ReportSchedule = {
  processId: 'rep-1',
  enabled: true,
  periodType: 'daily',
  reportingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  endOfMonth: true,
  sendTime: '06:00',
  timeZone: 'Europe/Berlin',
  sendByEmail: true,
  copyByFtp: false,
  skipIfEmpty: false,
};
const report = (over: Partial<Report> = {}): Report => ({
  processId: 'rep-1',
  kind: 'custom',
  reportId: null,
  customerId: 'P-1',
  name: 'Declined redemptions',
  reportType: 'transactions',
  filter: { result: 'declined' },
  columns: ['at', 'transactionId', 'amount'],
  format: 'csv',
  schedule,
  reportsCreated: 12,
  sentByEmail: 20,
  copiedByFtp: 3,
  recipientCount: 2,
  lastRunAt: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});
const recipient = (over: Partial<Recipient>): Recipient => ({
  referenceId: 'u.demo',
  kind: 'user',
  personId: 'demo',
  firstname: 'Dana',
  surname: 'Demo',
  displayname: '',
  email: 'dana@example.test',
  active: true,
  isEmailActive: true,
  unsubscribedAt: null,
  confirmation: null,
  confirmationSentAt: null,
  ...over,
});
const job = (over: Partial<ReportJob> = {}): ReportJob => ({
  jobId: 'job-1',
  processId: 'rep-1',
  customerId: 'P-1',
  reportName: 'Declined redemptions',
  status: 'finished',
  trigger: 'schedule',
  scheduledFor: '2026-11-24T05:00:00.000Z',
  dateFrom: '2026-11-23',
  dateUntil: '2026-11-23',
  periodType: 'daily',
  rowsWritten: 42,
  totalRows: 42,
  skippedEmpty: false,
  files: [],
  deliveries: [],
  createdAt: '2026-11-24T05:00:01.000Z',
  finishedAt: '2026-11-24T05:00:03.000Z',
  error: null,
  ...over,
});
const page = <T,>(items: T[]) => ({ items, index: 0, maxResults: 10, totalCount: items.length });
/** The calls the page of report rep-1 makes on opening, for a user with every permission; `over` adds or replaces. */
const reportPageBackend = (over: Parameters<typeof fakeBackend>[0] = {}) =>
  fakeBackend({
    'GET /api/auth/status': { body: everything },
    'GET /api/master-data': { body: masterData },
    'GET /api/flow/reports/rep-1': { body: report() },
    'GET /api/flow/report-scheduling/rep-1': { body: schedule },
    'GET /api/flow/custom-reports/rep-1/mailing-list': { body: { recipients: [] } },
    'GET /api/flow/report-jobs': { body: page([]) },
    ...over,
  });

describe('Reports section', () => {
  beforeEach(() => resetSession('connect'));

  it('opens on "General reports", lists the SPEC fields, and switches tabs in the URL', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: everything },
      'GET /api/master-data': { body: masterData },
      'GET /api/flow/reports': (call) => ({
        body: {
          reports:
            call.query.get('kind') === 'general'
              ? [report({ processId: 'gen.transactions.P-1', kind: 'general', reportId: 'transactions', name: 'Transactions', filter: {} })]
              : [],
        },
      }),
      'GET /api/flow/report-files': { body: page([]) },
    });
    const view = renderRoute(paths.connect.reports);
    const link = await screen.findAllByRole('link', { name: 'Transactions' });
    expect(link[0]!.getAttribute('href')).toBe(paths.connect.report('gen.transactions.P-1'));
    expect(screen.getByRole('tab', { name: 'General reports', selected: true })).toBeTruthy();
    const table = within(screen.getByRole('table'));
    for (const header of [
      'Reporting period',
      'Reports created',
      'Sent by e-mail',
      'Copied by FTP',
      'Custom filters',
      'Recipients',
      'Reporting days',
      'Report to end of month',
      'Time zone',
    ]) {
      expect(table.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(table.getByText('Mon–Fri')).toBeTruthy();
    expect(backend.callsTo('GET', '/api/flow/reports')[0]!.query.get('customerId')).toBe('P-1');

    fireEvent.click(screen.getByRole('tab', { name: 'Custom reports' }));
    expect(await screen.findByText('No reports')).toBeTruthy();
    expect(view.location().search).toContain('tab=custom');
    expect(screen.getByRole('link', { name: 'New report' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Report files' }));
    expect(await screen.findByText('No report files')).toBeTruthy();
  });

  it('creates a custom report: problems at their fields first, the server answer opens the report', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: everything },
      'GET /api/master-data': { body: masterData },
      'POST /api/flow/custom-reports': (call) =>
        (call.body as { filter: { ean?: string } }).filter.ean
          ? {
              status: 400,
              body: {
                code: 'VALIDATION',
                message: 'Invalid input',
                issues: [{ path: 'filter.ean', message: 'An EAN has 8, 12, 13 or 14 digits with a valid check digit.' }],
              },
            }
          : { status: 201, body: report() },
      'GET /api/flow/reports/rep-1': { body: report() },
      'GET /api/flow/report-scheduling/rep-1': { body: schedule },
      'GET /api/flow/custom-reports/rep-1/mailing-list': { body: { recipients: [] } },
      'GET /api/flow/report-jobs': { body: page([]) },
    });
    const view = renderRoute(`${paths.connect.newReport}?customer=P-1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    expect(await screen.findByText('Enter a name (up to 120 characters).')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/flow/custom-reports')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Declined redemptions' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'EAN' }), { target: { value: '4006381333932' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    expect(await screen.findByText('An EAN has 8, 12, 13 or 14 digits with a valid check digit.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'EAN' }) as HTMLInputElement).value).toBe('4006381333932');

    fireEvent.change(screen.getByRole('textbox', { name: 'EAN' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(view.location().pathname).toBe(paths.connect.report('rep-1')));
    const sent = backend.callsTo('POST', '/api/flow/custom-reports').at(-1)!.body as { columns: string[]; customerId: string };
    expect(sent.customerId).toBe('P-1');
    expect(sent.columns).not.toContain('amount');
    expect(sent.columns.slice(0, 2)).toEqual(['at', 'transactionId']);
  });

  it('"Add a portal user" opens a picker that says who the users are and what adding one does', async () => {
    reportPageBackend({
      'GET /api/flow/custom-reports/rep-1/recipient-candidates': {
        body: { recipients: [recipient({ referenceId: 'u.eve', firstname: 'Eve', surname: 'Example', email: 'eve@example.test' })] },
      },
    });
    renderRoute(paths.connect.report('rep-1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add a portal user' }));
    const picker = await screen.findByRole('combobox', { name: 'Portal user' });
    expect(picker.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(picker.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A portal user of this customer gets each run by e-mail, at the address of their account.',
    );
  });

  it('picks the time zone by typing: the own zone first, the matches filtered, Enter chooses, then saved', async () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zones = ['Europe/Berlin', 'America/Los_Angeles', 'America/New_York', 'Asia/Tokyo', ...(own && own !== 'UTC' ? [own] : []), 'UTC'];
    const backend = reportPageBackend({
      'GET /api/master-data': { body: { ...masterData, timezones: [...new Set(zones)] } },
      'PUT /api/flow/report-scheduling/rep-1': (call) => ({ body: { ...(call.body as object), processId: 'rep-1' } }),
    });
    renderRoute(paths.connect.report('rep-1'));
    const box = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((box as HTMLInputElement).value).toBe('Europe/Berlin');
    fireEvent.click(box);
    const list = screen.getByRole('listbox', { name: 'Time zone' });
    // The browser's own zone leads the list.
    expect(within(list).getAllByRole('option')[0]!.textContent).toBe(`${own} (your time zone)`);

    fireEvent.change(box, { target: { value: 'new york' } });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['America/New_York']);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('America/New_York');
    expect(box.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(box, { target: { value: 'nowhere' } });
    expect(within(list).getByRole('option').textContent).toBe('No time zone matches.');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('America/New_York');

    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await screen.findByText('Schedule saved: the report is sent as set.');
    expect((backend.callsTo('PUT', '/api/flow/report-scheduling/rep-1')[0]!.body as ReportSchedule).timeZone).toBe('America/New_York');
  });

  it('a new report with a typed name asks before a link leaves it; nothing typed, the link just goes', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: everything }, 'GET /api/master-data': { body: masterData } });
    const view = renderRoute(`${paths.connect.newReport}?customer=P-1`);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Declined redemptions' } });
    fireEvent.click(screen.getByRole('link', { name: 'All reports' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Leave this page?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Stay on this page' }));
    expect(view.location().pathname).toBe(paths.connect.newReport);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Declined redemptions');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('link', { name: 'All reports' }));
    await waitFor(() => expect(view.location().pathname).toBe(paths.connect.reports));
    expect(screen.queryByText('Leave this page?')).toBeNull();
  });

  it('saves the schedule, adds a contact, runs now and resends a failed delivery', async () => {
    let recipients = [recipient({})];
    let jobs = [
      job({
        deliveries: [
          {
            deliveryId: 'email.c.x',
            channel: 'email',
            target: 'c.x',
            address: 'ext@example.test',
            status: 'failed',
            reasonCode: null,
            reason: 'The mail service did not accept the mail',
            attempts: 3,
            attached: true,
            updatedAt: '2026-11-24T05:00:03.000Z',
          },
        ],
      }),
    ];
    const backend = reportPageBackend({
      'PUT /api/flow/report-scheduling/rep-1': (call) => ({ body: { ...(call.body as object), processId: 'rep-1' } }),
      'GET /api/flow/custom-reports/rep-1/mailing-list': () => ({ body: { recipients } }),
      'POST /api/flow/process-mail-contacts': (call) => {
        const c = recipient({
          referenceId: 'c.x',
          personId: 'x',
          kind: 'contact',
          confirmation: 'pending',
          confirmationSentAt: '2026-11-24T10:00:00.000Z',
          ...(call.body as object),
        });
        recipients = [...recipients, c];
        return { status: 201, body: c };
      },
      'GET /api/flow/report-jobs': () => ({ body: page(jobs) }),
      'POST /api/flow/report-jobs': {
        status: 202,
        body: job({ jobId: 'job-2', trigger: 'manual', status: 'creating', rowsWritten: 10, totalRows: 40 }),
      },
      'GET /api/flow/report-jobs/job-2': { body: job({ jobId: 'job-2', trigger: 'manual' }) },
      'POST /api/flow/report-jobs/job-1/deliveries/email.c.x/resend': () => {
        jobs = [job({ deliveries: [{ ...jobs[0]!.deliveries[0]!, status: 'sent', reason: null, attempts: 4 }] })];
        return { body: jobs[0]!.deliveries[0] };
      },
    });
    renderRoute(paths.connect.report('rep-1'));
    await screen.findByRole('heading', { name: /Declined redemptions/ });

    // Schedule: a daily report without days is refused at the days; Sunday on, saved.
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) fireEvent.click(await screen.findByLabelText(day));
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Choose at least one reporting day.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Sunday'));
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await screen.findByText('Schedule saved: the report is sent as set.');
    expect((backend.callsTo('PUT', '/api/flow/report-scheduling/rep-1')[0]!.body as ReportSchedule).reportingDays).toEqual(['sunday']);

    // Add contact.
    fireEvent.click(screen.getAllByRole('button', { name: 'Add contact' })[0]!);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Surname'), { target: { value: 'External' } });
    fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'ext@example.test' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add contact' }));
    await screen.findByText('ext@example.test', { selector: 'p' });
    expect(backend.callsTo('POST', '/api/flow/process-mail-contacts')[0]!.body).toMatchObject({
      processId: 'rep-1',
      surname: 'External',
      email: 'ext@example.test',
      active: true,
      isEmailActive: true,
    });

    // Run now.
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    await screen.findByText('Report ready: 42 rows.');
    const start = backend.callsTo('POST', '/api/flow/report-jobs')[0]!.body as { processId: string; options: string };
    expect(start.processId).toBe('rep-1');
    expect(JSON.parse(start.options)).toEqual({ deliver: false });

    // Resend.
    expect(screen.getByText('The mail service did not accept the mail')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend to ext@example.test' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend to ext@example.test' })).toBeNull());
    expect(screen.getByText('4 attempts')).toBeTruthy();
  });

  it('a contact waiting for confirmation can be sent it again; a held mail shows why and can be resent; Run now too often says when (ADR 051)', async () => {
    let recipients = [
      recipient({
        referenceId: 'c.p1',
        personId: 'p1',
        kind: 'contact',
        surname: 'Pending',
        email: 'Pending@Example.test',
        confirmation: 'pending',
      }),
    ];
    const backend = reportPageBackend({
      'GET /api/flow/custom-reports/rep-1/mailing-list': () => ({ body: { recipients } }),
      'POST /api/flow/custom-reports/rep-1/contacts/p1/send-confirmation': () => ({ body: recipients[0] }),
      'GET /api/flow/report-jobs': {
        body: page([
          job({
            deliveries: [
              {
                deliveryId: 'email.u.demo',
                channel: 'email',
                target: 'u.demo',
                address: 'dana@example.test',
                status: 'held',
                reasonCode: 'dailyLimit',
                reason: null,
                attempts: 0,
                attached: null,
                updatedAt: '2026-11-24T05:00:03.000Z',
              },
              {
                deliveryId: 'email.c.p1',
                channel: 'email',
                target: 'c.p1',
                address: 'Pending@Example.test',
                status: 'skipped',
                reasonCode: 'awaitingConfirmation',
                reason: null,
                attempts: 0,
                attached: null,
                updatedAt: '2026-11-24T05:00:03.000Z',
              },
            ],
          }),
        ]),
      },
      'POST /api/flow/report-jobs': {
        status: 429,
        body: { code: 'REPORT.RUN_LIMIT', message: 'This report was run by hand too often.' },
        headers: { 'Retry-After': '300' },
      },
    });
    renderRoute(paths.connect.report('rep-1'));
    expect(await screen.findByText('Confirmation pending')).toBeTruthy();
    expect(screen.getByText(/only after they confirmed the link/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the confirmation to Dana Pending again' }));
    expect(await screen.findByText('The confirmation was sent to Pending@Example.test again.')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/flow/custom-reports/rep-1/contacts/p1/send-confirmation')).toHaveLength(1);

    // The run log: held (the daily mail limit) with a resend, and the contact waiting for its confirmation.
    expect(await screen.findByText('Held')).toBeTruthy();
    expect(screen.getByText(/daily mail limit is reached/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend to dana@example.test' })).toBeTruthy();
    expect(screen.getByText(/Waiting for confirmation/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend to Pending@Example.test' })).toBeNull();

    // Run now refused: when it can be started again, in the user's time.
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(/You can start it again at \d{2}:\d{2}/)).toBeTruthy();
    recipients = [];
  });

  it('a general report is read-only; without the schedule permission the schedule is too', async () => {
    fakeBackend({
      'GET /api/auth/status': { body: withModules({ reports: true }) },
      'GET /api/master-data': { body: masterData },
      'GET /api/flow/reports/gen.transactions.P-1': {
        body: report({ processId: 'gen.transactions.P-1', kind: 'general', reportId: 'transactions', name: 'Transactions' }),
      },
      'GET /api/flow/report-scheduling/gen.transactions.P-1': { body: { ...schedule, processId: 'gen.transactions.P-1' } },
      'GET /api/flow/custom-reports/gen.transactions.P-1/mailing-list': { body: { recipients: [] } },
      'GET /api/flow/report-jobs': { body: page([]) },
    });
    renderRoute(paths.connect.report('gen.transactions.P-1'));
    expect(await screen.findByText('Your brand defines this report; its schedule and recipients are yours.')).toBeTruthy();
    expect(await screen.findByText('You may view the schedule but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save schedule' })).toBeNull();
    expect(await screen.findByText('No recipients')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add contact' })).toBeNull();
  });

  it('cancels a running run from the log', async () => {
    let jobs = [job({ status: 'creating', rowsWritten: 5, totalRows: null, files: [] })];
    const backend = reportPageBackend({
      'GET /api/flow/report-jobs': () => ({ body: page(jobs) }),
      'DELETE /api/flow/report-jobs/job-1': () => {
        jobs = [job({ status: 'cancelled', rowsWritten: 5, files: [] })];
        return { status: 204 };
      },
    });
    renderRoute(paths.connect.report('rep-1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel run' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(backend.callsTo('DELETE', '/api/flow/report-jobs/job-1')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });

  it("words each delivery's reason in the user's language with the detail beneath; an older one keeps its text", async () => {
    const german: SessionStatus = { ...everything, user: { ...everything.user!, locale: 'de-DE' } };
    const delivery = (over: Partial<ReportJob['deliveries'][number]>) => ({
      channel: 'email' as const,
      target: 'c.x',
      address: 'ext@example.test',
      status: 'sent' as const,
      reasonCode: null,
      reason: null,
      attempts: 1,
      attached: true,
      updatedAt: '2026-11-24T05:00:03.000Z',
      deliveryId: 'email.c.x',
      ...over,
    });
    reportPageBackend({
      'GET /api/auth/status': { body: german },
      'GET /api/flow/report-jobs': {
        body: page([
          job({
            deliveries: [
              delivery({
                deliveryId: 'email.c.gone',
                address: 'gone@example.test',
                status: 'bounced',
                reasonCode: 'bouncedNoAddress',
                reason: 'smtp; 550 5.1.1 user unknown',
              }),
              delivery({
                deliveryId: 'email.c.left',
                address: 'left@example.test',
                status: 'skipped',
                reasonCode: 'unsubscribed',
                attempts: 0,
              }),
              delivery({
                deliveryId: 'email.c.old',
                address: 'old@example.test',
                status: 'failed',
                reason: 'The mail service did not accept the mail',
              }),
            ],
          }),
        ]),
      },
    });
    renderRoute(paths.connect.report('rep-1'));
    const log = within(await screen.findByRole('list', { name: 'Zustellungen' }));
    const row = (address: string) => within(log.getByText(address).closest('li')!);
    expect(row('gone@example.test').getByText('Unzustellbar', { selector: 'span' })).toBeTruthy();
    expect(row('gone@example.test').getByText('Unzustellbar: Die Adresse existiert nicht.')).toBeTruthy();
    expect(row('gone@example.test').getByText('smtp; 550 5.1.1 user unknown')).toBeTruthy();
    expect(row('left@example.test').getByText('Hat diesen Bericht abbestellt.')).toBeTruthy();
    expect(row('old@example.test').getByText('The mail service did not accept the mail')).toBeTruthy();
  });

  it('deletes a custom report after the confirmation and returns to the custom reports', async () => {
    const backend = reportPageBackend({
      'DELETE /api/flow/custom-reports/rep-1': { status: 204 },
      'GET /api/flow/reports': { body: { reports: [] } },
    });
    const view = renderRoute(paths.connect.report('rep-1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete report' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/“Declined redemptions” and its schedule are removed/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.location().pathname).toBe(paths.connect.reports));
    expect(view.location().search).toContain('tab=custom');
    expect(backend.callsTo('DELETE', '/api/flow/custom-reports/rep-1')).toHaveLength(1);
  });

  it('a foreign or unknown report says "Report not found."', async () => {
    fakeBackend({
      'GET /api/auth/status': { body: everything },
      'GET /api/master-data': { body: masterData },
      'GET /api/flow/reports/rep-x': { status: 404, body: { code: 'REPORT.NOT_FOUND', message: 'Report not found.' } },
    });
    renderRoute(paths.connect.report('rep-x'));
    expect(await screen.findByRole('heading', { name: 'Report not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All reports' }).getAttribute('href')).toBe(paths.connect.reports);
  });

  it('unsubscribes on the button, not on opening', async () => {
    const backend = fakeBackend({
      'POST /api/report-unsubscribe': { body: { unsubscribed: true, reportName: 'Declined redemptions', email: 'e***@example.test' } },
    });
    renderRoute(`${paths.unsubscribe}?token=tok-1`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(backend.callsTo('POST', '/api/report-unsubscribe')).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText('e***@example.test no longer receives “Declined redemptions”.')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/report-unsubscribe')[0]!.query.get('token')).toBe('tok-1');
  });

  it('confirms an external contact on the button, not on opening; a used link says so (ADR 051)', async () => {
    let answer: { status?: number; body: unknown } = {
      body: { confirmed: true, reportName: 'Declined redemptions', email: 'Erika@Example.test' },
    };
    const backend = fakeBackend({ 'POST /api/report-confirm': () => answer });
    renderRoute(`${paths.reportConfirmation}?token=tok-2`);
    const button = await screen.findByRole('button', { name: 'Confirm' });
    expect(backend.callsTo('POST', '/api/report-confirm')).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText('Erika@Example.test now receives “Declined redemptions”.')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/report-confirm')[0]!.query.get('token')).toBe('tok-2');
    answer = { status: 400, body: { code: 'REPORT.CONFIRMATION_INVALID', message: 'This confirmation link is not valid any more.' } };
    cleanup();
    renderRoute(`${paths.reportConfirmation}?token=tok-3`);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This link does not work')).toBeTruthy();
  });

  it('shows the address exactly as stored: no case transform on it or around it (ADR 054)', async () => {
    fakeBackend({
      'POST /api/report-unsubscribe': {
        body: { unsubscribed: true, reportName: 'Declined redemptions', email: 'erika.extern@example.test' },
      },
    });
    renderRoute(`${paths.unsubscribe}?token=tok-1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const text = await screen.findByText('erika.extern@example.test no longer receives “Declined redemptions”.');
    for (let node: Element | null = text; node; node = node.parentElement) {
      expect(node.className).not.toMatch(/uppercase|capitalize|lowercase/);
    }
  });
});
