import type { Backend } from '@portal/backend';
import { RequestDetail, Workflow, type WorkflowRequest } from '@portal/core/workflow';
import { beforeAll, describe, expect, it } from 'vitest';
import { countCalls, getItem } from '@portal/backend/platform/db';
import { putDraftRequest } from '../../tests/support/request-fixtures.ts';
import { listWorkflowVersions } from '@portal/backend/workflow/testing';
import { connectCaller, idempotencyKeys, signInAll } from '../../tests/support/api.ts';
import { sentMails } from '../../tests/support/mailbox.ts';
import { createTestBackend, importOk, connectAccount } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * Workflows and requests (ADR 046) through the API against DynamoDB Local
 * and the SES stand-in: every call, each flow permission bit, another customer's workflow / request / item
 * answering exactly like none, answers checked per item type, the state rules, the audit trail, the mails,
 * and races (50 parallel decisions, 20 parallel submissions: exactly one transition each).
 */
const PASSWORD = 'Workflows-Test-2026!';
const NOW = new Date('2026-11-25T09:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
let cookies: Record<string, string>;
const MAIL = 'wf-test.example';

// Bodies are read loosely here; each test asserts the shape it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const call = connectCaller(
  () => app,
  () => cookies,
);
const key = idempotencyKeys('wf-test-key', 8);
const newRequest = (user: string, workflowId = 'wf-onboarding', customerId = 'R-A1', k = key()) =>
  call(user, 'POST', '/flow/workflow-requests', { workflowId, customerId }, { 'Idempotency-Key': k });
const item = (requestId: string, stepId: string, itemId: string) => `/flow/workflow-request-items/${requestId}.${stepId}.${itemId}`;
const answer = (user: string, requestId: string, stepId: string, itemId: string, value: string) =>
  call(user, 'PUT', item(requestId, stepId, itemId), { answer: value });

const MAY_ACTIONS = ['answer', 'submit', 'approve', 'reject', 'archive'] as const;
/** What a request's `may` answers when only the `actions` named are open to the user. */
const mayOnly = (...actions: (typeof MAY_ACTIONS)[number][]) => Object.fromEntries(MAY_ACTIONS.map((a) => [a, actions.includes(a)]));
/** A request's `may` as `user` reads it. */
const mayOf = async (user: string, requestId: string) => (await call(user, 'GET', `/flow/workflow-requests/${requestId}`)).body.may;
const onboarding = {
  workflowId: 'wf-onboarding',
  name: 'New store onboarding',
  customerId: 'R-A1',
  steps: [
    {
      stepId: 'store',
      name: 'Store data',
      items: [
        { itemId: 'name', type: 'text', label: 'Store name', required: true },
        { itemId: 'tills', type: 'number', label: 'Tills', required: true },
        { itemId: 'opening', type: 'date', label: 'Opening day', required: true },
        { itemId: 'format', type: 'choice', label: 'Format', required: true, options: ['Kiosk', 'Supermarket'] },
        { itemId: 'note', type: 'text', label: 'Note', required: false },
      ],
    },
    {
      stepId: 'confirm',
      name: 'Confirmation',
      items: [{ itemId: 'ok', type: 'choice', label: 'Ready', required: true, options: ['yes', 'no'] }],
    },
  ],
};

beforeAll(async () => {
  backend = await createTestBackend(() => NOW);
  app = createApp(backend, () => '203.0.113.9');
  const account = (username: string, customerId: string, flowBits: number, extra: object = {}) =>
    connectAccount(username, customerId, PASSWORD, {
      email: `${username}@${MAIL}`,
      firstname: username.split('.')[0],
      surname: 'Tester',
      modules: { flow: { permissions: flowBits }, payment: { permissions: 1 } },
      ...extra,
    });
  await importOk(backend, 'customerGroups', [{ customerGroupId: 'G-A', name: 'Group A' }]);
  await importOk(backend, 'retailers', [
    { customerId: 'R-A1', name: 'Alpha', groupId: 'G-A' },
    { customerId: 'R-B1', name: 'Beta' },
  ]);
  await importOk(backend, 'accounts', [
    account('req.a', 'R-A1', 1),
    account('appr.a', 'R-A1', 2),
    account('appr2.a', 'R-A1', 2, { locale: 'de-de' }),
    account('both.a', 'R-A1', 1 + 2),
    account('editor.a', 'R-A1', 32),
    account('none.a', 'R-A1', 0),
    account('all.b', 'R-B1', 1 + 2 + 32),
    account('grp.appr', 'G-A', 2),
  ]);
  await importOk(backend, 'workflows', [onboarding, { ...onboarding, workflowId: 'wf-beta', name: 'Beta onboarding', customerId: 'R-B1' }]);
  cookies = await signInAll(app, ['req.a', 'appr.a', 'appr2.a', 'both.a', 'editor.a', 'none.a', 'all.b', 'grp.appr'], PASSWORD);
}, 120_000);

/** A request of req.a with step 1 answered. */
async function answeredRequest(user = 'req.a'): Promise<string> {
  const created = await newRequest(user);
  expect(created.status).toBe(201);
  const id = created.body.request.id as string;
  for (const [itemId, value] of [
    ['name', 'Alpha Mitte'],
    ['tills', '4'],
    ['opening', '2027-01-15'],
    ['format', 'Kiosk'],
  ] as const) {
    expect((await answer(user, id, 'store', itemId, value)).status).toBe(200);
  }
  return id;
}

describe('workflows', () => {
  it('lists the customer’s workflows for any flow permission; 403 without one', async () => {
    for (const user of ['req.a', 'appr.a', 'editor.a']) {
      const { status, body } = await call(user, 'GET', '/flow/workflows?customerId=R-A1');
      expect(status).toBe(200);
      expect((body.workflows as Workflow[]).map((w) => w.workflowId)).toContain('wf-onboarding');
      for (const w of body.workflows) expect(Workflow.safeParse(w).success).toBe(true);
    }
    expect(await call('none.a', 'GET', '/flow/workflows?customerId=R-A1')).toMatchObject({
      status: 403,
      body: { code: 'PERMISSION.DENIED' },
    });
  });

  it("another customer's workflow and list answer exactly like none", async () => {
    expect(await call('all.b', 'GET', '/flow/workflows?customerId=R-A1')).toEqual(
      await call('all.b', 'GET', '/flow/workflows?customerId=R-NONE'),
    );
    const theirs = await call('all.b', 'GET', '/flow/workflows/wf-onboarding');
    expect(theirs).toEqual(await call('all.b', 'GET', '/flow/workflows/wf-nobody'));
    expect(theirs).toMatchObject({ status: 404, body: { code: 'WORKFLOW.NOT_FOUND' } });
    const put = { ...onboarding, baseVersion: 1 };
    expect(await call('all.b', 'PUT', '/flow/workflows/wf-onboarding', put)).toEqual(
      await call('all.b', 'PUT', '/flow/workflows/wf-nobody', put),
    );
  });

  it('editWorkflows creates (idempotent) and saves new versions; a running request keeps its version', async () => {
    const { workflowId: _w, ...input } = onboarding;
    const body = { ...input, name: 'Company profile change' };
    expect(await call('req.a', 'POST', '/flow/workflows', body, { 'Idempotency-Key': key() })).toMatchObject({
      status: 403,
      body: { code: 'PERMISSION.DENIED' },
    });
    const k = key();
    const created = await call('editor.a', 'POST', '/flow/workflows', body, { 'Idempotency-Key': k });
    expect(created).toMatchObject({ status: 201, body: { version: 1, updatedBy: 'editor.a', customerId: 'R-A1' } });
    expect(await call('editor.a', 'POST', '/flow/workflows', body, { 'Idempotency-Key': k })).toEqual(created);
    expect((await call('editor.a', 'POST', '/flow/workflows', { ...body, name: 'Other' }, { 'Idempotency-Key': k })).status).toBe(409);
    const id = created.body.workflowId as string;

    const running = await newRequest('req.a', id);
    expect(running.body.request.workflowVersion).toBe(1);
    const v2 = { ...body, baseVersion: 1, steps: [{ ...body.steps[0]!, name: 'Store data (v2)' }] };
    expect(await call('req.a', 'PUT', `/flow/workflows/${id}`, v2)).toMatchObject({ status: 403 });
    expect(await call('editor.a', 'PUT', `/flow/workflows/${id}`, v2)).toMatchObject({ status: 200, body: { version: 2 } });
    // A save from the old version again: someone saved meanwhile.
    expect(await call('editor.a', 'PUT', `/flow/workflows/${id}`, v2)).toMatchObject({
      status: 409,
      body: { code: 'WORKFLOW.STATE_CONFLICT' },
    });
    expect((await call('req.a', 'GET', `/flow/workflows/${id}`)).body).toMatchObject({ version: 2, steps: [{ name: 'Store data (v2)' }] });
    expect((await call('req.a', 'GET', `/flow/workflows/${id}?version=1`)).body.steps[0].name).toBe('Store data');
    expect((await call('req.a', 'GET', `/flow/workflows/${id}?version=3`)).status).toBe(404);
    expect((await listWorkflowVersions(backend.db, id)).map((w) => w.version)).toEqual([1, 2]);
    // The running request still shows version 1; a new one starts on version 2.
    const detail = await call('req.a', 'GET', `/flow/workflow-requests/${running.body.request.id}`);
    expect([detail.body.workflow.version, detail.body.workflow.steps[0].name]).toEqual([1, 'Store data']);
    expect((await newRequest('req.a', id)).body.request.workflowVersion).toBe(2);
  });

  it('lists the customer’s approvers as step approver candidates (editWorkflows; another customer’s like none)', async () => {
    const res = await call('editor.a', 'GET', '/flow/workflows/approver-candidates?customerId=R-A1');
    expect(res.status).toBe(200);
    // The customer's and its group's users with approveRequests; not requesters, editors or the other customer's.
    expect((res.body.candidates as { username: string }[]).map((c) => c.username)).toEqual(['appr.a', 'appr2.a', 'both.a', 'grp.appr']);
    expect(res.body.candidates[0]).toEqual({ username: 'appr.a', displayname: 'appr Tester' });
    expect(await call('req.a', 'GET', '/flow/workflows/approver-candidates?customerId=R-A1')).toMatchObject({
      status: 403,
      body: { code: 'PERMISSION.DENIED' },
    });
    expect(await call('all.b', 'GET', '/flow/workflows/approver-candidates?customerId=R-A1')).toEqual(
      await call('all.b', 'GET', '/flow/workflows/approver-candidates?customerId=R-NONE'),
    );
    expect((await call('editor.a', 'GET', '/flow/workflows/approver-candidates')).status).toBe(400);
  });

  it('bad workflows are 400 with the fields, never 500', async () => {
    const { workflowId: _w, ...input } = onboarding;
    const twice = { ...input, steps: [input.steps[0], input.steps[0]] };
    const res = await call('editor.a', 'POST', '/flow/workflows', twice, { 'Idempotency-Key': key() });
    expect(res).toMatchObject({ status: 400, body: { code: 'REQUEST.VALIDATION_FAILED' } });
    expect(res.body.issues[0].path).toBe('steps.1.stepId');
    const noOptions = {
      ...input,
      steps: [{ stepId: 's', name: 'S', items: [{ itemId: 'c', type: 'choice', label: 'C', required: true }] }],
    };
    expect((await call('editor.a', 'POST', '/flow/workflows', noOptions, { 'Idempotency-Key': key() })).body.issues[0].path).toBe(
      'steps.0.items.0.options',
    );
    expect((await call('editor.a', 'POST', '/flow/workflows', { ...input, steps: [] }, { 'Idempotency-Key': key() })).status).toBe(400);
    // Only global users make workflows of every customer.
    expect((await call('editor.a', 'POST', '/flow/workflows', { ...input, customerId: null }, { 'Idempotency-Key': key() })).status).toBe(
      403,
    );
  });

  it('the import kind saves a new version only when the record changed', async () => {
    await importOk(backend, 'workflows', [onboarding]);
    expect((await listWorkflowVersions(backend.db, 'wf-onboarding')).length).toBe(1);
    const report = await backend.imports.importRecords('workflows', [{ line: 1, data: { ...onboarding, customerId: 'R-NONE' } }]);
    expect(report.errors[0]!.reason).toContain('no customer');
  });
});

describe('requests', () => {
  it('walks draft → pending → rejected → pending → next step → approved, with the audit trail and mails', async () => {
    const id = await answeredRequest();
    expect(id).toMatch(/^WR-[A-Z2-9]{8}$/);
    // A required item unanswered: 400 with the item; the wrong step: 409.
    const partial = await newRequest('req.a');
    const incomplete = await call('req.a', 'PUT', `/flow/workflow-requests/${partial.body.request.id}`, {
      workflowStepId: 'store',
      enquiry: '',
    });
    expect(incomplete).toMatchObject({ status: 400, body: { code: 'WORKFLOW.STEP_INCOMPLETE' } });
    expect(incomplete.body.issues.map((i: Loose) => i.path)).toEqual(['items.name', 'items.tills', 'items.opening', 'items.format']);
    expect(await call('req.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'confirm', enquiry: '' })).toMatchObject({
      status: 409,
      body: { code: 'WORKFLOW.STEP_NOT_CURRENT' },
    });

    const before = (await sentMails()).length;
    const submitted = await call('req.a', 'PUT', `/flow/workflow-requests/${id}`, {
      workflowStepId: 'store',
      enquiry: 'Opening in January',
    });
    expect(submitted).toMatchObject({
      status: 200,
      body: { request: { status: 'pending', enquiry: 'Opening in January' }, may: { answer: false, submit: false, archive: true } },
    });
    expect(RequestDetail.safeParse(submitted.body).error?.issues ?? []).toEqual([]);
    // The approvers of R-A1 and of its group get the deep link (not the requester).
    const toApprovers = (await sentMails()).slice(before).filter((m) => m.subject.includes(id));
    expect(toApprovers.flatMap((m) => m.destination.to).sort()).toEqual([
      `appr.a@${MAIL}`,
      `appr2.a@${MAIL}`,
      `both.a@${MAIL}`,
      `grp.appr@${MAIL}`,
    ]);
    expect(toApprovers[0]!.body.text).toContain(`http://localhost:3000/connect/requests/${id}`);
    // In each recipient's language (appr2.a reads German).
    const german = toApprovers.find((m) => m.destination.to.includes(`appr2.a@${MAIL}`))!;
    expect([german.subject, german.body.text]).toEqual([
      `Anfrage ${id} wartet auf Ihre Entscheidung: New store onboarding`,
      expect.stringContaining('Hinweis: Opening in January'),
    ]);
    expect(toApprovers.find((m) => m.destination.to.includes(`appr.a@${MAIL}`))!.subject).toBe(
      `Request ${id} awaits your decision: New store onboarding`,
    );
    // Answers are frozen while pending.
    expect(await answer('req.a', id, 'store', 'note', 'late')).toMatchObject({ status: 409, body: { code: 'WORKFLOW.STATE_CONFLICT' } });

    expect((await call('appr.a', 'POST', `/flow/workflow-requests/${id}/reject`, {})).status).toBe(400);
    const rejected = await call('appr.a', 'POST', `/flow/workflow-requests/${id}/reject`, { comment: 'Opening day is a holiday' });
    expect(rejected).toMatchObject({
      status: 200,
      body: { request: { status: 'rejected', rejected: 1, rejectedAt: NOW.toISOString(), editedBy: 'appr.a' } },
    });
    const toRequester = (await sentMails(`req.a@${MAIL}`)).at(-1)!;
    expect(toRequester.subject).toContain('rejected');
    expect(toRequester.body.text).toContain('Opening day is a holiday');
    expect(toRequester.body.text).toContain(`/connect/requests/${id}`);

    expect((await answer('req.a', id, 'store', 'opening', '2027-01-16')).status).toBe(200);
    expect(
      (await call('req.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'store', enquiry: '' })).body.request,
    ).toMatchObject({ status: 'pending', rejected: 0 });
    const step2 = await call('appr2.a', 'POST', `/flow/workflow-requests/${id}/approve`, { comment: 'Fine' });
    expect(step2.body.request).toMatchObject({ status: 'draft', workflowStepId: 'confirm', stepIndex: 1, approved: 0 });
    expect((await answer('req.a', id, 'confirm', 'ok', 'maybe')).body).toMatchObject({ code: 'WORKFLOW.ANSWER_INVALID' });
    expect((await answer('req.a', id, 'confirm', 'ok', 'yes')).status).toBe(200);
    // An earlier step's item is not answerable any more.
    expect(await answer('req.a', id, 'store', 'note', 'x')).toMatchObject({ status: 409, body: { code: 'WORKFLOW.STEP_NOT_CURRENT' } });
    await call('req.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'confirm', enquiry: '' });
    const done = await call('appr.a', 'POST', `/flow/workflow-requests/${id}/approve`, {});
    expect(done.body.request).toMatchObject({ status: 'approved', approved: 1, approvedAt: NOW.toISOString() });
    expect(done.body.may).toEqual(mayOnly());
    expect((await sentMails(`req.a@${MAIL}`)).at(-1)!.subject).toContain('approved');
    expect(await call('appr.a', 'POST', `/flow/workflow-requests/${id}/reject`, { comment: 'late' })).toMatchObject({
      status: 409,
      body: { code: 'WORKFLOW.STATE_CONFLICT' },
    });

    const { body } = await call('req.a', 'GET', `/flow/workflow-requests/${id}`);
    expect(body.items.map((i: Loose) => [i.id, i.answer])).toEqual([
      [`${id}.store.name`, 'Alpha Mitte'],
      [`${id}.store.tills`, '4'],
      [`${id}.store.opening`, '2027-01-16'],
      [`${id}.store.format`, 'Kiosk'],
      [`${id}.store.note`, null],
      [`${id}.confirm.ok`, 'yes'],
    ]);
    // Who, when, what, before and after of every change, oldest first.
    expect(body.audit.map((a: Loose) => `${a.actor}:${a.action}`)).toEqual([
      'req.a:create',
      'req.a:answer',
      'req.a:answer',
      'req.a:answer',
      'req.a:answer',
      'req.a:submit',
      'appr.a:reject',
      'req.a:answer',
      'req.a:submit',
      'appr2.a:approve',
      'req.a:answer',
      'req.a:submit',
      'appr.a:approve',
    ]);
    const reject = body.audit.find((a: Loose) => a.action === 'reject');
    expect(reject).toMatchObject({
      at: NOW.toISOString(),
      stepId: 'store',
      before: { status: 'pending' },
      after: { status: 'rejected', comment: 'Opening day is a holiday' },
    });
    expect(body.audit.find((a: Loose) => a.after?.answer === '2027-01-16')).toMatchObject({
      before: { item: 'opening', answer: '2027-01-15' },
    });
    // What the trail's sentences need: the actor's name, a submission's number of answers.
    expect(body.audit.find((a: Loose) => a.action === 'submit')).toMatchObject({
      actorName: expect.any(String),
      after: { status: 'pending', answers: 4 },
    });

    // History: approved; archiving it moves it to archived (deleted = 1); archived is final.
    expect((await call('req.a', 'GET', '/flow/workflow-requests?mode=history')).body.items.map((r: Loose) => r.id)).toContain(id);
    expect((await call('req.a', 'DELETE', `/flow/workflow-requests/${id}`)).status).toBe(204);
    expect((await call('req.a', 'GET', `/flow/workflow-requests/${id}`)).body.request).toMatchObject({
      status: 'archived',
      deleted: 1,
      approved: 1,
    });
    expect((await call('req.a', 'DELETE', `/flow/workflow-requests/${id}`)).status).toBe(409);
  });

  it('names people by their display name (requester, last editor, comment author); an older request without names shows the usernames', async () => {
    const id = await answeredRequest();
    expect((await call('req.a', 'GET', `/flow/workflow-requests/${id}`)).body.request).toMatchObject({
      requestedBy: 'req.a',
      requestedByName: 'req Tester',
      editedByName: 'req Tester',
    });
    await call('req.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'store', enquiry: '' });
    expect((await call('appr.a', 'POST', `/flow/workflow-requests/${id}/reject`, { comment: 'No' })).body.request).toMatchObject({
      editedBy: 'appr.a',
      editedByName: 'appr Tester',
      requestedByName: 'req Tester',
    });
    const listed = (await call('req.a', 'GET', '/flow/workflow-requests')).body.items.find((r: Loose) => r.id === id);
    expect(listed).toMatchObject({ requestedByName: 'req Tester', editedByName: 'appr Tester' });
    expect(
      await call('req.a', 'POST', '/flow/workflow-request-comments', { requestStepItemId: `${id}.store.name`, comment: 'Fixed' }),
    ).toMatchObject({ status: 201, body: { author: 'req.a', authorName: 'req Tester' } });
    expect((await call('appr.a', 'GET', `/flow/workflow-requests/${id}`)).body.comments.at(-1)).toMatchObject({
      author: 'req.a',
      authorName: 'req Tester',
    });

    // Written before requests carried names (the fixture writes none): the view falls back to the usernames.
    const workflow = (await listWorkflowVersions(backend.db, 'wf-onboarding'))[0]!;
    await putDraftRequest(backend.db, workflow, { id: 'WR-OLDNAMES', customerId: 'R-A1', requestedBy: 'req.a', at: NOW });
    expect((await call('req.a', 'GET', '/flow/workflow-requests/WR-OLDNAMES')).body.request).toMatchObject({
      requestedByName: 'req.a',
      editedByName: 'req.a',
    });
  });

  it('checks each answer against its item type: 400 WORKFLOW.ANSWER_INVALID with the field', async () => {
    const id = (await newRequest('req.a')).body.request.id as string;
    for (const [itemId, value] of [
      ['tills', 'four'],
      ['tills', '1e9'],
      ['opening', '2027-02-30'],
      ['opening', '15.01.2027'],
      ['format', 'Mall'],
    ] as const) {
      const res = await answer('req.a', id, 'store', itemId, value);
      expect({ itemId, value, ...res }).toMatchObject({
        itemId,
        value,
        status: 400,
        body: { code: 'WORKFLOW.ANSWER_INVALID', issues: [{ path: 'answer' }] },
      });
    }
    expect((await answer('req.a', id, 'store', 'tills', '12.5')).body).toMatchObject({ answer: '12.5', files: [] });
    expect((await answer('req.a', id, 'store', 'tills', '')).body).toMatchObject({ answer: null });
    expect((await call('req.a', 'PUT', item(id, 'store', 'nope'), { answer: 'x' })).body.code).toBe('WORKFLOW.ITEM_NOT_FOUND');
    expect((await call('req.a', 'PUT', '/flow/workflow-request-items/garbage', { answer: 'x' })).body.code).toBe('WORKFLOW.ITEM_NOT_FOUND');
    expect((await call('req.a', 'PUT', item(id, 'store', 'tills'), { answer: 5 })).status).toBe(400);
  });

  it('needs doRequests to create, answer, submit, archive; approveRequests to decide; never on one’s own request', async () => {
    expect(await newRequest('appr.a')).toMatchObject({ status: 403, body: { code: 'PERMISSION.DENIED' } });
    expect(await newRequest('none.a')).toMatchObject({ status: 403, body: { code: 'PERMISSION.DENIED' } });
    const id = await answeredRequest('both.a');
    expect((await answer('appr.a', id, 'store', 'note', 'x')).status).toBe(403);
    expect((await call('appr.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'store', enquiry: '' })).status).toBe(403);
    expect((await call('req.a', 'GET', `/flow/workflow-requests/${id}`)).status).toBe(404); // a colleague's request, not an approver
    await call('both.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'store', enquiry: '' });
    expect(await call('both.a', 'POST', `/flow/workflow-requests/${id}/approve`, {})).toMatchObject({
      status: 403,
      body: { code: 'WORKFLOW.OWN_REQUEST' },
    });
    expect(await call('both.a', 'POST', `/flow/workflow-requests/${id}/reject`, { comment: 'no' })).toMatchObject({
      status: 403,
      body: { code: 'WORKFLOW.OWN_REQUEST' },
    });
    expect(await mayOf('both.a', id)).toEqual(mayOnly('archive'));
    expect(await call('req.a', 'POST', `/flow/workflow-requests/${id}/approve`, {})).toMatchObject({
      status: 403,
      body: { code: 'PERMISSION.DENIED' },
    });
    expect(await mayOf('appr.a', id)).toEqual(mayOnly('approve', 'reject'));
    expect((await call('appr.a', 'DELETE', `/flow/workflow-requests/${id}`)).status).toBe(403);
    expect(await call('none.a', 'GET', `/flow/workflow-requests/${id}`)).toMatchObject({
      status: 403,
      body: { code: 'PERMISSION.DENIED' },
    });
  });

  it("another customer's request, item and list answer exactly like none on every call", async () => {
    const id = await answeredRequest();
    const calls: [string, (rid: string) => string, unknown][] = [
      ['GET', (r) => `/flow/workflow-requests/${r}`, undefined],
      ['PUT', (r) => `/flow/workflow-requests/${r}`, { workflowStepId: 'store', enquiry: '' }],
      ['PUT', (r) => item(r, 'store', 'name'), { answer: 'x' }],
      ['POST', (r) => `/flow/workflow-requests/${r}/approve`, {}],
      ['POST', (r) => `/flow/workflow-requests/${r}/reject`, { comment: 'x' }],
      ['DELETE', (r) => `/flow/workflow-requests/${r}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await call('all.b', method, path(id), body);
      const nobodys = await call('all.b', method, path('WR-NOBODY00'), body);
      expect({ call: `${method} ${path('X')}`, ...theirs }).toEqual({ call: `${method} ${path('X')}`, ...nobodys });
      expect(theirs.status).toBe(404);
    }
    expect(await call('all.b', 'GET', '/flow/workflow-requests?customerId=R-A1')).toEqual(
      await call('all.b', 'GET', '/flow/workflow-requests?customerId=R-NONE'),
    );
    // Another customer's workflow cannot be used for a request of one's own customer either.
    expect(await newRequest('all.b', 'wf-onboarding', 'R-B1')).toMatchObject({ status: 404, body: { code: 'WORKFLOW.NOT_FOUND' } });
    expect((await call('req.a', 'GET', `/flow/workflow-requests/${id}`)).body.request.status).toBe('draft');
  });

  it('creating is idempotent per key', async () => {
    const k = key();
    const first = await newRequest('req.a', 'wf-onboarding', 'R-A1', k);
    expect(await newRequest('req.a', 'wf-onboarding', 'R-A1', k)).toEqual(first);
    expect((await newRequest('req.a', 'wf-onboarding', 'R-B1', k)).status).toBe(404);
  });
});

describe('races', () => {
  it('50 parallel approve/reject calls on one request make exactly one transition; the others 409', async () => {
    const id = await answeredRequest();
    await call('req.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'store', enquiry: '' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        n % 2
          ? call(n % 4 === 1 ? 'appr.a' : 'appr2.a', 'POST', `/flow/workflow-requests/${id}/approve`, {})
          : call(n % 4 === 0 ? 'appr.a' : 'appr2.a', 'POST', `/flow/workflow-requests/${id}/reject`, { comment: `no ${n}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(49);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('WORKFLOW.STATE_CONFLICT');
    const { body } = await call('req.a', 'GET', `/flow/workflow-requests/${id}`);
    expect(body.audit.filter((a: Loose) => a.action === 'approve' || a.action === 'reject').length).toBe(1);
    expect(body.request.rejected + (body.request.workflowStepId === 'confirm' ? 1 : 0)).toBe(1);
  });

  it('parallel step submissions make one', async () => {
    const id = await answeredRequest();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('req.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: 'store', enquiry: '' })),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(results.filter((r) => r.status === 409).length).toBe(19);
    const { body } = await call('req.a', 'GET', `/flow/workflow-requests/${id}`);
    expect(body.audit.filter((a: Loose) => a.action === 'submit').length).toBe(1);
  });
});

describe('the list and the inbox count', () => {
  it('open by default (own, and awaiting the approver), only-pending=0, history, workflowId, request ID search, paging', async () => {
    const draft = (await newRequest('req.a')).body.request.id as string;
    const pending = await answeredRequest();
    await call('req.a', 'PUT', `/flow/workflow-requests/${pending}`, { workflowStepId: 'store', enquiry: '' });
    const ids = async (user: string, query = '') =>
      ((await call(user, 'GET', `/flow/workflow-requests${query}`)).body.items as WorkflowRequest[]).map((r) => r.id);

    const own = await ids('req.a');
    expect(own).toEqual(expect.arrayContaining([draft, pending]));
    const approver = await ids('appr.a');
    expect(approver).toContain(pending);
    expect(approver).not.toContain(draft);
    expect(await ids('appr.a', '?only-pending=0')).toEqual(expect.arrayContaining([draft, pending]));
    expect(await ids('req.a', `?q=${pending.slice(3, 9).toLowerCase()}`)).toEqual([pending]);
    expect(await ids('req.a', '?workflowId=wf-beta')).toEqual([]);
    expect(await ids('req.a', '?mode=history')).not.toContain(pending);
    const page = await call('req.a', 'GET', '/flow/workflow-requests?maxResults=1&index=1');
    expect(page.body).toMatchObject({ index: 1, maxResults: 1, items: [expect.any(Object)] });
    expect(page.body.totalCount).toBe(own.length);
    expect((await call('req.a', 'GET', '/flow/workflow-requests?maxResults=0')).status).toBe(400);
    const counts = await call('appr.a', 'GET', '/flow/workflow-requests/inbox-count');
    expect(counts.body.pending).toBe(
      (await call('appr.a', 'GET', '/flow/workflow-requests?maxResults=500')).body.items.filter((r: Loose) => r.status === 'pending')
        .length,
    );
    expect(counts.body.pending).toBeGreaterThan(0);
    expect((await call('req.a', 'GET', '/flow/workflow-requests/inbox-count')).status).toBe(403);
    // A customer group's approver: the group's customers' requests without naming one.
    expect(await ids('grp.appr')).toContain(pending);
    expect((await call('grp.appr', 'GET', '/flow/workflow-requests/inbox-count')).body.pending).toBe(counts.body.pending);
    expect(await ids('all.b')).not.toContain(pending);
  });
});

describe('lists at scale (ADR 048): open requests and history in separate index buckets', () => {
  const total = async (user: string, query: string) =>
    (await call(user, 'GET', `/flow/workflow-requests${query}`)).body.totalCount as number;
  const listed = async (user: string, query: string) =>
    ((await call(user, 'GET', `/flow/workflow-requests${query}`)).body.items as WorkflowRequest[]).map((r) => r.id);
  const bucketKeys = async (id: string) => {
    const meta = (await getItem(backend.db, { pk: `REQ#${id}`, sk: 'META' }))!;
    return [meta.gsi1pk, meta.gsi2pk];
  };

  it('a request moves from open to done on the final approval and on archiving; reject and resubmit stay open; counts follow', async () => {
    const historyBefore = await total('appr.a', '?mode=history');
    const ownBefore = await total('req.a', '?mode=history');
    const id = await answeredRequest();
    expect(await bucketKeys(id)).toEqual(['REQS#R-A1#open', 'REQBY#R-A1#req.a#open']);
    const submit = (stepId: string) => call('req.a', 'PUT', `/flow/workflow-requests/${id}`, { workflowStepId: stepId, enquiry: '' });
    const inOpen = async () => (await listed('req.a', '?maxResults=500')).includes(id);
    const inHistory = async () => (await listed('appr.a', '?mode=history&maxResults=500')).includes(id);

    await submit('store');
    const inbox = (await call('appr.a', 'GET', '/flow/workflow-requests/inbox-count')).body.pending as number;
    expect((await call('appr.a', 'POST', `/flow/workflow-requests/${id}/reject`, { comment: 'no' })).status).toBe(200);
    expect((await call('appr.a', 'GET', '/flow/workflow-requests/inbox-count')).body.pending).toBe(inbox - 1);
    expect([await inOpen(), await inHistory(), await bucketKeys(id)]).toEqual([true, false, ['REQS#R-A1#open', 'REQBY#R-A1#req.a#open']]);
    await submit('store'); // resubmitted: awaiting again
    expect((await call('appr.a', 'GET', '/flow/workflow-requests/inbox-count')).body.pending).toBe(inbox);
    await call('appr.a', 'POST', `/flow/workflow-requests/${id}/approve`, {});
    await answer('req.a', id, 'confirm', 'ok', 'yes');
    await submit('confirm');
    expect([await inOpen(), await inHistory()]).toEqual([true, false]);
    expect((await call('appr.a', 'POST', `/flow/workflow-requests/${id}/approve`, {})).body.request.status).toBe('approved');
    expect([await inOpen(), await inHistory(), await bucketKeys(id)]).toEqual([false, true, ['REQS#R-A1#done', 'REQBY#R-A1#req.a#done']]);
    expect([await total('appr.a', '?mode=history'), await total('req.a', '?mode=history')]).toEqual([historyBefore + 1, ownBefore + 1]);
    // Archiving an approved request keeps it in the history (counted once); archiving a draft moves it there.
    expect((await call('req.a', 'DELETE', `/flow/workflow-requests/${id}`)).status).toBe(204);
    const draft = (await newRequest('req.a')).body.request.id as string;
    expect((await call('req.a', 'DELETE', `/flow/workflow-requests/${draft}`)).status).toBe(204);
    expect(await bucketKeys(draft)).toEqual(['REQS#R-A1#done', 'REQBY#R-A1#req.a#done']);
    expect([await total('appr.a', '?mode=history'), await total('req.a', '?mode=history')]).toEqual([historyBefore + 2, ownBefore + 2]);
    // Another requester's history is not req.a's; an approver sees the customer's.
    expect(await listed('both.a', '?mode=history&maxResults=500')).toEqual(expect.arrayContaining([id, draft]));
  });

  it('with 300 requests of history, page 1 and page 6 cost the same DynamoDB calls, and so does the open list', async () => {
    const counter = countCalls(backend.db, 'countRequestListCalls');
    try {
      const calls = async (user: string, query: string) =>
        (await counter.counted(() => call(user, 'GET', `/flow/workflow-requests${query}`))).calls;
      const archiveTwenty = async () => {
        const ids = await Promise.all(Array.from({ length: 20 }, async () => (await newRequest('req.a')).body.request.id as string));
        // 20 parallel moves to the history all write the customer's done counters: none may fail (TransactionConflict is retried).
        expect((await Promise.all(ids.map((id) => call('req.a', 'DELETE', `/flow/workflow-requests/${id}`)))).map((r) => r.status)).toEqual(
          Array(20).fill(204),
        );
      };
      await archiveTwenty();
      const openBefore = await calls('appr.a', '?only-pending=0');
      const historyBefore = await calls('appr.a', '?mode=history');
      for (let batch = 1; batch < 15; batch += 1) await archiveTwenty();
      const all = (await call('appr.a', 'GET', '/flow/workflow-requests?mode=history&maxResults=500')).body;
      expect(all.totalCount).toBeGreaterThanOrEqual(300);
      expect(all.items).toHaveLength(all.totalCount);
      const page1 = await calls('appr.a', '?mode=history&maxResults=25');
      const page6 = await calls('appr.a', '?mode=history&maxResults=25&index=5');
      expect(page6).toBe(page1);
      expect(page1).toBe(historyBefore);
      // A page past the end reads the count only.
      expect(await calls('appr.a', '?mode=history&maxResults=25&index=1000')).toBe(page1 - 1);
      expect(await calls('appr.a', '?only-pending=0')).toBe(openBefore);
      expect(await calls('req.a', '?mode=history&maxResults=25&index=5')).toBe(await calls('req.a', '?mode=history&maxResults=25'));
      // Page 6 is exactly the 126th–150th newest, with the exact total.
      const sixth = (await call('appr.a', 'GET', '/flow/workflow-requests?mode=history&maxResults=25&index=5')).body;
      expect(sixth.items.map((r: Loose) => r.id)).toEqual(all.items.slice(125, 150).map((r: Loose) => r.id));
      expect(sixth.totalCount).toBe(all.totalCount);
      // A filtered history searches the newest requests (bounded) and says whether it saw them all.
      expect((await call('appr.a', 'GET', `/flow/workflow-requests?mode=history&q=${all.items[7].id}`)).body).toMatchObject({
        totalCount: 1,
        complete: true,
      });
    } finally {
      counter.stop();
    }
  }, 120_000);
});
