import { type Actor, actorFor, type Backend } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { addDays, calendarDateInZone } from '@portal/core/shared';
import type { RequestDetail, WorkflowUploadStart } from '@portal/core/workflow';
import { demoContract, demoScreens } from './demo-files.ts';

/**
 * The demo's workflow requests (ADR 046: a fresh `npm start` shows requests on every screen). Requests
 * are made by users, so they enter the way real ones do: the request, upload and comment SERVICES called as
 * the demo users (their actor built like the API builds it: actorFor over the stored account), uploads through
 * the presigned POST to the file store and verified on completion, never items written directly. Each service
 * call writes its own audit entry, so the trail shows the story. Run once, inside seedDemoDataOnce (its marker).
 *
 * - "New store onboarding", approved: answered (a name changed once), the signed contract (PDF) uploaded,
 *   both steps approved by demo.approver — history.
 * - "POS screen approval", rejected: two PNG screens, a pin on the first and a note, rejected with a comment.
 * - "Company profile change", pending: filed by the Company screen's save with its diff (a new office address and
 *   invoice e-mail), awaiting demo.approver (their inbox count is 1); approving it changes the profile.
 * - "New store onboarding", a draft demo.connect has started.
 */
export const DEMO_REQUESTER = 'demo.connect';
/** Aurora Digital's company profile before the pending change (ADR 085). */
const DEMO_PROFILE = {
  name: 'Aurora Digital GmbH',
  billingAddress: { street: 'Speicherstadt 5', postalCode: '20457', city: 'Hamburg', country: 'DE' },
  shippingAddress: null,
  contacts: [
    { name: 'Conrad Connect', role: 'Key account', email: 'connect@demo.example', phone: '+49 40 555 0100' },
    { name: 'Pia Payments', role: 'Payment operations', email: 'payments@demo.example', phone: '' },
  ],
  vatId: 'DE811907980',
  invoiceEmail: 'invoices@aurora.example',
};
export const DEMO_APPROVER = 'demo.approver';
const CUSTOMER = 'P-2001';

/** The demo's requests, by what the story needs of each (the seed test reads this). */
export type DemoRequests = { approved: string; rejected: string; pending: string; draft: string };

export async function seedDemoRequests(backend: Backend, timeZone: string): Promise<DemoRequests> {
  const actor = async (username: string): Promise<Actor> => {
    const account = await getAccount(backend.db, username);
    if (!account) throw new Error(`demo requests: no account ${username} (accounts.jsonl)`);
    return actorFor(account, { method: 'password' });
  };
  const [requester, approver] = await Promise.all([actor(DEMO_REQUESTER), actor(DEMO_APPROVER)]);
  const { workflowRequests: requests, workflowUploads: uploads, workflowComments: comments } = backend;
  const today = calendarDateInZone(backend.now(), timeZone);

  // A fixed idempotency key per demo request: a seed that stopped half way and runs again gets the same request back.
  const create = (workflowId: string, name: string) =>
    requests.create(requester, { workflowId, customerId: CUSTOMER }, `demo-seed-${name}`);
  const ref = (detail: RequestDetail, stepId: string, itemId: string) => `${detail.request.id}.${stepId}.${itemId}`;
  async function answer(detail: RequestDetail, stepId: string, answers: Record<string, string>) {
    for (const [itemId, value] of Object.entries(answers)) await requests.answer(requester, ref(detail, stepId, itemId), value);
  }
  /** The browser's part of an upload: ask, POST the bytes to the file store, complete (ADR 045). */
  async function upload(itemRef: string, file: { name: string; bytes: Buffer }, contentType: WorkflowUploadStart['contentType']) {
    const ticket = await uploads.start(requester, itemRef, { fileName: file.name, contentType, bytes: file.bytes.length });
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: contentType }));
    const posted = await fetch(ticket.url, { method: 'POST', body: form });
    if (!posted.ok) throw new Error(`demo requests: the file store refused ${file.name} (${posted.status})`);
    return uploads.complete(requester, itemRef, ticket.uploadId);
  }
  const submit = (detail: RequestDetail, stepId: string, enquiry = '') =>
    requests.submit(requester, detail.request.id, { workflowStepId: stepId, enquiry });

  // Approved (history): both steps of a store onboarding.
  const onboarding = await create('wf-store-onboarding', 'onboarding-approved');
  await answer(onboarding, 'store', { 'store-name': 'Nordmarkt', tills: '4', opening: addDays(today, -20), format: 'Supermarket' });
  await answer(onboarding, 'store', { 'store-name': 'Nordmarkt Mitte', notes: 'Two of the tills are self-checkouts.' });
  await submit(onboarding, 'store', 'The store opens before the holidays.');
  await requests.decide(approver, onboarding.request.id, 'approve', undefined);
  await upload(ref(onboarding, 'contract', 'contract'), demoContract('Nordmarkt Mitte'), 'application/pdf');
  await submit(onboarding, 'contract');
  await requests.decide(approver, onboarding.request.id, 'approve', 'Contract complete, welcome aboard.');

  // Rejected: two screens, a pin on the first, a note, and the rejection saying why.
  const screens = await create('wf-pos-screens', 'screens-rejected');
  const flow = ref(screens, 'screens', 'screenflow');
  for (const screen of demoScreens()) await upload(flow, screen, 'image/png');
  await answer(screens, 'screens', { terminal: 'Countertop' });
  await submit(screens, 'screens', 'The new card selection for the Christmas campaign.');
  const [screenOne, screenTwo] = (await requests.get(approver, screens.request.id)).items.find((i) => i.itemId === 'screenflow')!.files;
  await comments.create(approver, {
    requestStepItemId: flow,
    comment: 'The logo touches the top edge: please leave a margin.',
    positionX: 0.22,
    positionY: 0.06,
    fileId: screenOne!.fileId,
  });
  await comments.create(approver, { requestStepItemId: flow, comment: 'The payment screen is fine as it is.', fileId: screenTwo!.fileId });
  await requests.decide(approver, screens.request.id, 'reject', 'Please fix the logo on the first screen and upload it again.');

  // Pending: a company profile change awaiting demo.approver (ADR 085), saved on the Company screen as demo.connect
  // does: first the current profile (through the West Coast brand's host, which asks for no approval), then the
  // move to a new office on the default brand, which files it with its diff.
  const current = await backend.company.get(requester, CUSTOMER, 'localhost');
  const saved = await backend.company.saveProfile(requester, CUSTOMER, { rev: current.rev, profile: DEMO_PROFILE }, 'west.localhost');
  if (saved.outcome !== 'applied') throw new Error('demo requests: the demo profile needs a brand without approval (west.localhost)');
  const moved = { ...DEMO_PROFILE, billingAddress: { ...DEMO_PROFILE.billingAddress, street: 'Hafenstraße 12', postalCode: '20457' } };
  const filed = await backend.company.saveProfile(
    requester,
    CUSTOMER,
    { rev: saved.rev, profile: { ...moved, invoiceEmail: 'rechnungen@aurora.example' } },
    'localhost',
  );
  if (filed.outcome !== 'filed')
    throw new Error('demo requests: the default brand must ask for approval of profile changes (brands.jsonl)');
  const profile = { request: { id: filed.requestId } };

  // Draft: started, not submitted.
  const draft = await create('wf-store-onboarding', 'onboarding-draft');
  await answer(draft, 'store', { 'store-name': 'Kiosk Hauptbahnhof', format: 'Kiosk' });

  return { approved: onboarding.request.id, rejected: screens.request.id, pending: profile.request.id, draft: draft.request.id };
}
