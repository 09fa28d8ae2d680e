import type { RequestDetail, WorkflowRequest } from '@portal/core/workflow';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { masterDataFixture } from '../../../test/fixtures.ts';
import { fileOf, flowUser, pinComment, requestOf, stepOf, workflowOf } from '../test-support.ts';

// A request's audit trail waits to be near the viewport or for the page's idle mark (components/ui/near-view.tsx,
// ADR 141, 156); happy-dom has no layout, so its IntersectionObserver never reports it near: the page counts as idle.
beforeAll(() => void performance.mark('portal:idle'));

// The first render loads the lazy route, its catalogues and master data: on a busy machine over a second.

/** The Requests section against a fake API: list, tabs, new request, the detail's answers, pins, decisions. */
const requester = flowUser({ doRequests: true });
const approver = flowUser({ approveRequests: true });

const masterData = masterDataFixture({ customers: [{ customerId: 'P-1', name: 'Provider One' }] });

const workflow = workflowOf({
  version: 2,
  description: 'Screens of the POS flow',
  steps: [
    stepOf('screens', 'Screens', [
      { itemId: 'flow', type: 'screenflow', label: 'Screen flow', required: true, maxFiles: 5 },
      { itemId: 'note', type: 'text', label: 'What changed', required: false },
    ]),
    stepOf('launch', 'Launch', [{ itemId: 'date', type: 'date', label: 'Launch date', required: true }]),
  ],
});
const request = (over: Partial<WorkflowRequest> = {}) => requestOf(workflow, over);
const pinned = (pin: number, x: number) => pinComment('WR-7K3M9Q2X.screens.flow', pin, x);
const detail = (over: Partial<RequestDetail> = {}, may: Partial<RequestDetail['may']> = {}): RequestDetail => ({
  request: request(),
  workflow,
  items: [
    {
      id: 'WR-7K3M9Q2X.screens.flow',
      stepId: 'screens',
      itemId: 'flow',
      type: 'screenflow',
      answer: null,
      files: [fileOf('f1', 'login.png', 'image/png', { bytes: 2000, width: 375, height: 812, uploadedAt: '2026-11-24T10:05:00.000Z' })],
    },
    { id: 'WR-7K3M9Q2X.screens.note', stepId: 'screens', itemId: 'note', type: 'text', answer: null, files: [] },
    { id: 'WR-7K3M9Q2X.launch.date', stepId: 'launch', itemId: 'date', type: 'date', answer: null, files: [] },
  ],
  comments: [],
  audit: [
    { at: '2026-11-24T10:00:00.000Z', actor: 'demo.connect', action: 'create', stepId: null, before: null, after: { status: 'draft' } },
  ],
  change: null,
  may: { answer: false, submit: false, approve: false, reject: false, archive: false, ...may },
  ...over,
});
/** The master data of a user who may act for two customers. */
const twoCustomers = masterDataFixture({
  customers: [
    { customerId: 'P-1', name: 'Provider One' },
    { customerId: 'R-2', name: 'Retailer Two' },
  ],
});
const page = <T,>(items: T[]) => ({ items, index: 0, maxResults: 25, totalCount: items.length });

describe('Requests section', () => {
  beforeEach(() => resetSession('connect'));

  it('lists the SPEC columns, searches by ID and switches to History in the URL; empty shows "No requests"', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: requester },
      'GET /api/master-data': { body: masterData },
      'GET /api/flow/workflows': { body: { workflows: [workflow] } },
      'GET /api/flow/workflow-requests': (call) => ({
        body:
          call.query.get('mode') === 'history'
            ? { ...page([]), complete: call.query.get('q') === null }
            : page([request({ status: 'pending', editedBy: 'demo.approver', editedByName: 'Anna Approver' })]),
      }),
    });
    const view = renderRoute(paths.connect.requests);
    const link = await screen.findByRole('link', { name: 'WR-7K3M9Q2X' });
    expect(link.getAttribute('href')).toBe(paths.connect.request('WR-7K3M9Q2X'));
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull(); // one customer: nothing to pick
    const table = within(screen.getByRole('table'));
    for (const header of ['Request ID', 'Workflow', 'Status', 'Approved at', 'Rejected at', 'Edited by'])
      expect(table.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(table.getByRole('cell', { name: 'Pending' })).toBeTruthy();
    expect(table.getByRole('cell', { name: 'Anna Approver' })).toBeTruthy(); // the display name, not the username

    fireEvent.change(screen.getByRole('textbox', { name: 'Request ID' }), { target: { value: 'wr-7k' } });
    await waitFor(() => expect(backend.callsTo('GET', '/api/flow/workflow-requests').some((c) => c.query.get('q') === 'wr-7k')).toBe(true));

    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No requests')).toBeTruthy();
    expect(view.location().search).toContain('tab=history');
    expect(backend.callsTo('GET', '/api/flow/workflow-requests').at(-1)!.query.get('mode')).toBe('history');
    // A searched history the server could not read whole (ADR 048's bound) says so.
    expect(
      await screen.findByText('The history search covers the newest 2,000 finished requests of each customer; older ones are not shown.'),
    ).toBeTruthy();
  });

  it('starts a new request with the chosen workflow and opens it', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: requester },
      'GET /api/master-data': { body: masterData },
      'GET /api/flow/workflows': { body: { workflows: [workflow] } },
      'GET /api/flow/workflow-requests': { body: page([]) },
      'POST /api/flow/workflow-requests': { status: 201, body: detail({}, { answer: true, submit: true, archive: true }) },
      'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: detail({}, { answer: true, submit: true, archive: true }) },
    });
    const view = renderRoute(paths.connect.requests);
    fireEvent.click(await screen.findByRole('button', { name: 'New request' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('option', { name: 'POS screen approval' });
    fireEvent.click(dialog.getByRole('button', { name: 'Start request' }));
    await waitFor(() => expect(view.location().pathname).toBe(paths.connect.request('WR-7K3M9Q2X')));
    expect(backend.callsTo('POST', '/api/flow/workflow-requests')[0]!.body).toEqual({ workflowId: 'wf-pos', customerId: 'P-1' });
  });

  it('saves a typed date once typing pauses, without leaving the field; a link before that asks first', async () => {
    const atLaunch = detail({ request: request({ workflowStepId: 'launch', stepIndex: 1 }) }, { answer: true, submit: true });
    const backend = fakeBackend({
      'GET /api/auth/status': { body: requester },
      'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: atLaunch },
      'PUT /api/flow/workflow-request-items/WR-7K3M9Q2X.launch.date': (call) => ({
        body: { ...atLaunch.items[2], answer: (call.body as { answer: string }).answer },
      }),
    });
    const view = renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    const field = await screen.findByLabelText('Launch date *');
    fireEvent.change(field, { target: { value: '2026-12-01' } });

    // Not saved yet: a link inside the app asks before it leaves the input behind.
    const nav = (await screen.findAllByRole('navigation', { name: 'connect navigation' }))[0]!;
    fireEvent.click(within(nav).getByRole('link', { name: 'News' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Leave this page?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Stay on this page' }));
    expect(view.location().pathname).toBe(paths.connect.request('WR-7K3M9Q2X'));

    // Saved once typing pauses, though the field was never left.
    await waitFor(
      () =>
        expect(backend.callsTo('PUT', '/api/flow/workflow-request-items/WR-7K3M9Q2X.launch.date').map((c) => c.body)).toEqual([
          { answer: '2026-12-01' },
        ]),
      { timeout: 3000 },
    );
    await screen.findByText('Saved.');
    fireEvent.click(within(nav).getByRole('link', { name: 'News' }));
    await waitFor(() => expect(view.location().pathname).toBe(paths.connect.news));
    expect(screen.queryByText('Leave this page?')).toBeNull();
  });

  it('the requester answers an item and submits the step with its id and the enquiry', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: requester },
      'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: detail({}, { answer: true, submit: true, archive: true }) },
      'PUT /api/flow/workflow-request-items/WR-7K3M9Q2X.screens.note': (call) => ({
        body: { ...detail().items[1], answer: (call.body as { answer: string }).answer },
      }),
      'PUT /api/flow/workflow-requests/WR-7K3M9Q2X': { body: detail({ request: request({ status: 'pending' }) }) },
    });
    renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    const field = await screen.findByRole('textbox', { name: 'What changed' });
    expect(screen.getByRole('navigation', { name: 'Steps of the request' })).toBeTruthy();
    fireEvent.change(field, { target: { value: 'New login screen' } });
    fireEvent.blur(field);
    await waitFor(() =>
      expect(backend.callsTo('PUT', '/api/flow/workflow-request-items/WR-7K3M9Q2X.screens.note')[0]!.body).toEqual({
        answer: 'New login screen',
      }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Note to the approver' }), { target: { value: 'Please check the colours' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit “Screens”' }));
    await waitFor(() =>
      expect(backend.callsTo('PUT', '/api/flow/workflow-requests/WR-7K3M9Q2X')[0]!.body).toEqual({
        workflowStepId: 'screens',
        enquiry: 'Please check the colours',
      }),
    );
    expect(await screen.findByText(/created the request/)).toBeTruthy();
  });

  it('the approver sees numbered pins with their thread, and a rejection needs a comment', async () => {
    const pending = detail(
      { request: request({ status: 'pending' }), comments: [pinned(1, 0.2), pinned(2, 0.7)] },
      { approve: true, reject: true },
    );
    const backend = fakeBackend({
      'GET /api/auth/status': { body: approver },
      'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: pending },
      'POST /api/flow/workflow-requests/WR-7K3M9Q2X/reject': { body: detail({ request: request({ status: 'rejected', rejected: 1 }) }) },
    });
    renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    expect(await screen.findByText('Pin comment 1')).toBeTruthy();
    expect(screen.getByLabelText('Pin 2')).toBeTruthy();
    // The general note says what it is and how a pin is placed instead.
    expect(
      screen.getByRole('button', { name: 'Add a general note', description: /about the whole file. To comment on one spot, click it/ }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Say why the request is rejected.')).toBeTruthy();
    expect(backend.callsTo('POST', '/api/flow/workflow-requests/WR-7K3M9Q2X/reject')).toHaveLength(0);
    fireEvent.change(dialog.getByRole('textbox', { name: 'Why is it rejected?' }), { target: { value: 'Logo too small' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/flow/workflow-requests/WR-7K3M9Q2X/reject')[0]!.body).toEqual({ comment: 'Logo too small' }),
    );
  });

  it('a rejected request asks its requester to change the answers; an approver is told it waits for the requester', async () => {
    const rejected = (may: Partial<RequestDetail['may']>) => detail({ request: request({ status: 'rejected', rejected: 1 }) }, may);
    fakeBackend({ 'GET /api/auth/status': { body: approver }, 'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: rejected({}) } });
    const first = renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    expect(
      await screen.findByText('This step was rejected. It waits for the requester to change the answers and submit it again.'),
    ).toBeTruthy();
    expect(screen.queryByText('This step was rejected. Change your answers and submit it again.')).toBeNull();
    first.unmount();
    resetSession('connect');
    fakeBackend({
      'GET /api/auth/status': { body: requester },
      'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: rejected({ answer: true, submit: true }) },
    });
    renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    expect(await screen.findByText('This step was rejected. Change your answers and submit it again.')).toBeTruthy();
  });

  it('shows a read-only date answer in the user format, not as stored', async () => {
    const atLaunch = detail(
      { request: request({ status: 'pending', stepIndex: 1, workflowStepId: 'launch' }) },
      { approve: true, reject: true },
    );
    atLaunch.items[2] = { ...atLaunch.items[2]!, answer: '2026-11-05' };
    fakeBackend({ 'GET /api/auth/status': { body: approver }, 'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: atLaunch } });
    renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    const answer = (await screen.findByText('Launch date')).nextElementSibling!;
    expect(answer.textContent).not.toBe('2026-11-05');
    expect(answer.textContent).toMatch(/2026/);
  });

  it("archives through the confirm dialog: the server's problem shows in it, then the request reloads", async () => {
    let archived = 0;
    const backend = fakeBackend({
      'GET /api/auth/status': { body: requester },
      'GET /api/flow/workflow-requests/WR-7K3M9Q2X': () => ({
        body: detail(archived ? { request: request({ status: 'archived', deleted: 1 }) } : {}, { archive: !archived }),
      }),
      'DELETE /api/flow/workflow-requests/WR-7K3M9Q2X': () =>
        backend.callsTo('DELETE', '/api/flow/workflow-requests/WR-7K3M9Q2X').length === 1
          ? { status: 409, body: { code: 'WORKFLOW.STATE_CONFLICT', message: 'The request changed meanwhile.' } }
          : ((archived = 1), { status: 204 }),
    });
    renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive this request?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Archive' }));
    expect(await dialog.findByText('The request changed meanwhile.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Archived')).toBeTruthy();
  });

  it("a request the API does not show (another customer's) shows the not-found message", async () => {
    fakeBackend({
      'GET /api/auth/status': { body: requester },
      'GET /api/flow/workflow-requests/WR-OTHER': {
        status: 404,
        body: { code: 'WORKFLOW.REQUEST_NOT_FOUND', message: 'Request not found' },
      },
    });
    renderRoute(paths.connect.request('WR-OTHER'));
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
  });

  it('the workflow editor shows problems at their fields, then saves a new workflow (editWorkflows)', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: flowUser({ doRequests: true, editWorkflows: true }) },
      'POST /api/flow/workflows': (call) => ({
        status: 201,
        body: { ...(call.body as object), workflowId: 'wf-new', version: 1, updatedAt: '2026-11-25T05:00:00.000Z', updatedBy: 'demo' },
      }),
      'GET /api/flow/workflows/wf-new': { body: { ...workflow, workflowId: 'wf-new', version: 1, name: 'Store opening' } },
    });
    const view = renderRoute(`${paths.connect.workflow('new')}?customer=P-1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Save workflow' }));
    expect(await screen.findAllByText('Enter a name.')).toHaveLength(2); // the workflow's and the step's
    expect(screen.getAllByText('Enter a label.')).toHaveLength(1);
    expect(backend.callsTo('POST', '/api/flow/workflows')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Store opening' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Step 1' }), { target: { value: 'Store data' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Item' }), { target: { value: 'Opening day' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'date' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save workflow' }));
    await waitFor(() => expect(view.location().pathname).toBe(paths.connect.workflow('wf-new')));
    expect(backend.callsTo('POST', '/api/flow/workflows')[0]!.body).toMatchObject({
      name: 'Store opening',
      customerId: 'P-1',
      steps: [
        {
          stepId: 'store-data',
          name: 'Store data',
          items: [{ itemId: 'opening-day', type: 'date', label: 'Opening day', required: true }],
        },
      ],
    });
  });

  it('a user with only editWorkflows sees the workflows (list, New workflow, Edit) and no request list', async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: flowUser({ editWorkflows: true }) },
      'GET /api/master-data': { body: masterData },
      'GET /api/flow/workflows': { body: { workflows: [workflow] } },
    });
    renderRoute(paths.connect.requests);
    const edit = await screen.findByRole('link', { name: 'POS screen approval' });
    expect(edit.getAttribute('href')).toBe(paths.connect.workflow('wf-pos'));
    expect(screen.getByRole('link', { name: 'New workflow' }).getAttribute('href')).toBe(`${paths.connect.workflow('new')}?customer=P-1`);
    expect(screen.getByRole('cell', { name: 'Screens → Launch' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'History' })).toBeNull();
    expect(backend.callsTo('GET', '/api/flow/workflow-requests')).toHaveLength(0);
  });

  it('a step names who may approve: any approver, or only chosen users of the customer (at least one)', async () => {
    const saved = { ...workflow, workflowId: 'wf-cust', customerId: 'P-1' };
    const backend = fakeBackend({
      'GET /api/auth/status': { body: flowUser({ editWorkflows: true }) },
      'GET /api/flow/workflows/wf-cust': { body: saved },
      'GET /api/flow/workflows/approver-candidates': {
        body: {
          candidates: [
            { username: 'anna.appr', displayname: 'Anna Approver' },
            { username: 'ben.appr', displayname: 'Ben Approver' },
          ],
        },
      },
      'PUT /api/flow/workflows/wf-cust': (call) => ({ body: { ...saved, ...(call.body as object), version: 3 } }),
    });
    renderRoute(paths.connect.workflow('wf-cust'));
    const [first] = await screen.findAllByRole('combobox', { name: 'Who may approve' });
    expect((first as HTMLSelectElement).value).toBe('any');
    fireEvent.change(first!, { target: { value: 'chosen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save workflow' }));
    expect(await screen.findByText('Choose at least one approver.')).toBeTruthy();
    expect(backend.callsTo('PUT', '/api/flow/workflows/wf-cust')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Ben Approver (ben.appr)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save workflow' }));
    await waitFor(() => expect(backend.callsTo('PUT', '/api/flow/workflows/wf-cust')).toHaveLength(1));
    expect(backend.callsTo('GET', '/api/flow/workflows/approver-candidates')[0]!.query.get('customerId')).toBe('P-1');
    const body = backend.callsTo('PUT', '/api/flow/workflows/wf-cust')[0]!.body as {
      baseVersion: number;
      steps: { approverIds: string[] }[];
    };
    expect([body.baseVersion, body.steps.map((s) => s.approverIds)]).toEqual([2, [['ben.appr'], []]]);
  });

  it("shows the approver's inbox count on Requests in the connect navigation; only-pending=0 on demand", async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: approver },
      'GET /api/master-data': { body: masterData },
      'GET /api/flow/workflows': { body: { workflows: [] } },
      'GET /api/flow/workflow-requests': { body: page([]) },
      'GET /api/flow/workflow-requests/inbox-count': { body: { pending: 3 } },
    });
    renderRoute(paths.connect.requests);
    expect(await screen.findByLabelText('3 awaiting your decision')).toBeTruthy();
    // Phones: the navigation is in the drawer, so the menu button carries the count and says it.
    const menu = screen.getByRole('button', { name: 'Open menu, 3 awaiting your decision' });
    expect(menu.textContent).toBe('3');
    expect(backend.callsTo('GET', '/api/flow/workflow-requests/inbox-count')).toHaveLength(1); // one call for both
    expect(screen.queryByRole('button', { name: 'New request' })).toBeNull(); // approveRequests only
    expect(await screen.findByText('No requests are waiting for your decision.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also drafts and rejected requests' }));
    await waitFor(() => expect(backend.callsTo('GET', '/api/flow/workflow-requests').at(-1)!.query.get('only-pending')).toBe('0'));
  });

  it('a global user chooses a customer first ("Choose a customer", no list call); the choice is in the URL and the call', async () => {
    const global = { ...requester, user: { ...requester.user!, securityFlag: 4096 + 16 } };
    const backend = fakeBackend({
      'GET /api/auth/status': { body: global },
      'GET /api/master-data': { body: twoCustomers },
      'GET /api/flow/workflows': { body: { workflows: [workflow] } },
      'GET /api/flow/workflow-requests': { body: page([request({ customerId: 'R-2' })]) },
    });
    const view = renderRoute(paths.connect.requests);
    expect(await screen.findByText('Choose a customer', { selector: 'h2' })).toBeTruthy();
    expect(screen.queryByText('No requests')).toBeNull();
    const picker = screen.getByRole('combobox', { name: 'Customer' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a customer', 'Provider One', 'Retailer Two']);
    expect(backend.callsTo('GET', '/api/flow/workflow-requests')).toHaveLength(0);
    fireEvent.change(picker, { target: { value: 'R-2' } });
    expect(await screen.findByRole('link', { name: 'WR-7K3M9Q2X' })).toBeTruthy();
    expect(view.location().search).toContain('customer=R-2');
    expect(backend.callsTo('GET', '/api/flow/workflow-requests').at(-1)!.query.get('customerId')).toBe('R-2');
  });

  it("a customer group's user may list all their customers; a user of one customer gets no picker", async () => {
    const backend = fakeBackend({
      'GET /api/auth/status': { body: requester },
      'GET /api/master-data': { body: twoCustomers },
      'GET /api/flow/workflows': { body: { workflows: [workflow] } },
      'GET /api/flow/workflow-requests': { body: page([request()]) },
    });
    renderRoute(paths.connect.requests);
    expect(await screen.findByRole('link', { name: 'WR-7K3M9Q2X' })).toBeTruthy();
    const picker = await screen.findByRole('combobox', { name: 'Customer' });
    expect(within(picker).getAllByRole('option')[0]!.textContent).toBe('All');
    expect(backend.callsTo('GET', '/api/flow/workflow-requests')[0]!.query.get('customerId')).toBeNull();
  });
});
