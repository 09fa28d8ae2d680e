import type { Backend } from '@portal/backend';
import { MODULE_FLAGS, MODULE_NAMES, type ModuleName } from '@portal/core/auth';
import { CookieJar } from '../../../tests/support/cookie-jar.ts';
import { createTestBackend, importOk, storeRecord, testAccount } from '../../../tests/support/test-backend.ts';
import { putExportJob, queuedJob, exportsFromConfig } from '@portal/backend/export';
import { putFinishedReportJob, reportJobFixture } from '../../../tests/support/report-job-fixtures.ts';
import { scheduleBody } from '../../../tests/support/schedule-fixtures.ts';
import { reportJobsFromConfig } from '@portal/backend/report';
import { createDelivery, newContactWrites } from '@portal/backend/report/testing';
import { transactWrite } from '@portal/backend/platform/db';
import { putDraftRequest } from '../../../tests/support/request-fixtures.ts';
import { getLatestWorkflow } from '@portal/backend/workflow/testing';
import { createImportFile } from '@portal/backend/import/testing';
import { documentKey, placeDocument, storeDocument } from '@portal/backend/documents';
import { putNewChange } from '@portal/backend/allocation/testing';
import { putStagedLogoRow } from '@portal/backend/logo/testing';
import { createApp } from '../app.ts';
import type { PermissionName } from '../middleware/policy.ts';
import { type RouteEntry, routeTable } from '../route-table.ts';
import { testEan } from '../../../tests/support/ean.ts';
import { idempotencyKeys } from '../../../tests/support/api.ts';
import { companyProfile } from '../../../tests/support/company-fixtures.ts';

/**
 * The demo-like world the route gates run against (ADR 024): two customers (retailers) with
 * a store, a product, a serial and (after `placeOrder`) an order each side, and one account per gate.
 * Shared by the authorization matrix, the route fuzz test and scripts/bench/fuzz-routes.ts.
 */
export const PASSWORD = 'Route-Gates-2026!';
export const CLOCK = new Date('2026-11-21T10:00:00Z');
export type Portal = 'ordering' | 'connect';

const ean = (n: number) => testEan('402', n);
export const CARD_EAN = ean(1);

/** The object ids a route's sample request names. */
export type Ids = { retailer: string; store: string; order: string; serial: string; account: string; invitation: string };
/** The caller's own customer's objects, another customer's, and ids nobody has (same shapes). */
/** A logo staged for OWN's customer (ADR 084): a full user's save applies it. */
const GATE_LOGO = '0123456789abcdef0123456789abcdef';
export const OWN: Omit<Ids, 'order' | 'invitation'> = {
  retailer: 'R-OWN1',
  store: 'S-OWN1',
  serial: '7100000000000001',
  account: 'member.own',
};
export const FOREIGN: Omit<Ids, 'order' | 'invitation'> = {
  retailer: 'R-FOR1',
  store: 'S-FOR1',
  serial: '7100000000000002',
  account: 'member.foreign',
};
/** The invitation id nobody has: well formed (its customer's id, a dot, 22 characters; ADR 113). */
export const NONE: Ids = {
  retailer: 'R-NON1',
  store: 'S-NON1',
  order: 'ORD-NONE-000000',
  serial: '7100000000000009',
  account: 'member.none',
  invitation: `${Buffer.from('R-NON1').toString('base64url')}.${'A'.repeat(22)}`,
};

/** The customer's admin of the escalation row (ADR 113) and its ordering bits: manageTeam (16) and cardOrdering (4). */
export const LIMITED_ADMIN = 'team.limited';
export const LIMITED_ADMIN_BITS = 20;
export const BARE_MEMBER = 'member.bare';

/** The portal a gate calls a route on: ordering where it serves it, else its own (connect-only routes). */
export const portalOf = (r: RouteEntry): Portal => (!r.policy || r.policy.portals.includes('ordering') ? 'ordering' : r.policy.portals[0]);

/** The host of a brand that requires its terms of use to be accepted (ADR 086). */
export const TERMS_HOST = 'terms.gate.test';

export type Sample = { path: string; body?: unknown; headers?: Record<string, string> };
const idempotencyKey = idempotencyKeys('route-gates-key', 8);
const days = 'startDate=2026-11-01&endDate=2026-11-20';
/** A finished export job of 'full' (the job routes are the starter's own: scope 'none', ADR 033). */
const GATE_EXPORT_JOB = 'gate-export-job-0001';
/** A confirmed external contact on the own customer's general report (ADR 051). */
const GATE_CONTACT = 'gatecontact';
/** Finished report jobs of the own customer: one read, one removed from the run log by its DELETE sample. */
const GATE_REPORT_JOB = 'gate-report-job-0001';
const GATE_REPORT_JOB_DELETED = 'gate-report-job-0002';
/** An import from the own customer's SFTP folder (ADR 069): its route names no customer (scope 'none'). */
const GATE_IMPORT_FILE = '0'.repeat(32);
/** The detail key of each customer's one transaction (transaction-entity.ts's encoding: customer + sort key). */
const GATE_TX_AT = '2026-11-20T09:00:00.000Z';
const transactionKey = (retailer: string) => Buffer.from(`${retailer}\n${GATE_TX_AT}#TX-GATE-${retailer}`, 'utf8').toString('base64url');

/** A product allocation change of a customer (ADR 087): `read` pending, `done` approved (its approve and reject: 409). */
const gateChangeId = (retailer: string, which: 'read' | 'done') => `AC-${`gate${retailer.replace(/-/g, '')}${which}`.padEnd(22, '0')}`;
const ALLOC = '/api/product-allocation/customers';

/** A news item as the editor sends it (ADR 081). */
const gateNews = (audience: object = { kind: 'all' }) => ({
  texts: { en: { title: 'Gate news', body: 'Gate *news*' } },
  publishFrom: '2026-11-01T00:00:00.000Z',
  audience,
  important: false,
});

/**
 * A valid request of each route that names an object or needs a permission, built from the ids, so the
 * service is reached (the gates and validation pass) and answers by permission and object scope.
 */
export const SAMPLES: Record<string, (ids: Ids) => Sample> = {
  'GET /api/replenishment/retailers': () => ({ path: '/api/replenishment/retailers' }),
  'GET /api/replenishment/retailers/:id/distribution-centers': (i) => ({
    path: `/api/replenishment/retailers/${i.retailer}/distribution-centers`,
  }),
  'GET /api/replenishment/stores': (i) => ({ path: `/api/replenishment/stores?customerId=${i.retailer}` }),
  'GET /api/replenishment/stores/:id': (i) => ({ path: `/api/replenishment/stores/${i.store}?customerId=${i.retailer}` }),
  'GET /api/replenishment/products': (i) => ({
    path: `/api/replenishment/products?customerId=${i.retailer}&storeId=${i.store}&storeType=0`,
  }),
  'POST /api/replenishment/orders': (i) => ({
    path: '/api/replenishment/orders',
    headers: { 'Idempotency-Key': idempotencyKey() },
    body: { customerId: i.retailer, storeType: 0, storeId: i.store, positions: [{ inventoryProductId: 'I-1', amount: 10 }] },
  }),
  'GET /api/replenishment/orders': (i) => ({ path: `/api/replenishment/orders?customerId=${i.retailer}` }),
  'GET /api/replenishment/orders/:id': (i) => ({ path: `/api/replenishment/orders/${i.order}` }),
  'GET /api/replenishment/orders/:id/pdf': (i) => ({ path: `/api/replenishment/orders/${i.order}/pdf` }),
  'GET /api/sales': (i) => ({ path: `/api/sales?customerId=${i.retailer}&${days}` }),
  'GET /api/sales/transactions': (i) => ({ path: `/api/sales/transactions?customerId=${i.retailer}&${days}` }),
  'GET /api/sales/notes': (i) => ({ path: `/api/sales/notes?customerId=${i.retailer}` }),
  'POST /api/serial-number-check': (i) => ({ path: '/api/serial-number-check', body: { serials: [i.serial] } }),
  'GET /api/serial-number-check/:serial': (i) => ({ path: `/api/serial-number-check/${i.serial}` }),
  'POST /api/serial-number-check/:serial/:action': (i) => ({
    path: `/api/serial-number-check/${i.serial}/check`,
    headers: { 'Idempotency-Key': idempotencyKey() },
    body: { ean: CARD_EAN, terminalId: 'T-1' },
  }),
  'GET /api/get-couponing-status/:serial': (i) => ({ path: `/api/get-couponing-status/${i.serial}` }),
  'GET /api/serial-numbers': (i) => ({ path: `/api/serial-numbers?serials=${i.serial}` }),
  'GET /api/transactions': (i) => ({ path: `/api/transactions?customerId=${i.retailer}&${days}` }),
  'GET /api/transactions/:key': (i) => ({ path: `/api/transactions/${transactionKey(i.retailer)}` }),
  'GET /api/products': () => ({ path: '/api/products?q=card&maxResults=10' }),
  'GET /api/connect-sales': (i) => ({ path: `/api/connect-sales?customerId=${i.retailer}&${days}&groupBy=store` }),
  // One key per customer: the same request again replays the same job, so two calls compare byte for byte.
  'POST /api/exports': (i) => ({
    path: '/api/exports',
    headers: { 'Idempotency-Key': `route-gates-export-${i.retailer}` },
    body: { kind: 'transactions', format: 'csv', filter: { customerId: i.retailer, startDate: '2026-11-01', endDate: '2026-11-20' } },
  }),
  'GET /api/exports/:jobId': () => ({ path: `/api/exports/${GATE_EXPORT_JOB}` }),
  'GET /api/exports/:jobId/files/:index': () => ({ path: `/api/exports/${GATE_EXPORT_JOB}/files/0` }),
  // Reports (ADR 040): the customer's general report (its processId names the customer); the full user's own
  // general report answers 409 GENERAL_READ_ONLY to edits, which the matrix counts as passing the gates.
  'GET /api/flow/reports': (i) => ({ path: `/api/flow/reports?customerId=${i.retailer}&kind=general` }),
  'GET /api/flow/reports/:processId': (i) => ({ path: `/api/flow/reports/gen.transactions.${i.retailer}` }),
  'POST /api/flow/custom-reports': (i) => ({
    path: '/api/flow/custom-reports',
    // One key per customer: the same request again replays the same report (compared byte for byte).
    headers: { 'Idempotency-Key': `route-gates-custom-report-${i.retailer}` },
    body: { customerId: i.retailer, name: 'Gate report', reportType: 'transactions', filter: {}, columns: ['at', 'amount'], format: 'csv' },
  }),
  'PUT /api/flow/custom-reports/:processId': (i) => ({
    path: `/api/flow/custom-reports/gen.transactions.${i.retailer}`,
    body: { name: 'Gate report', reportType: 'transactions', filter: {}, columns: ['at'], format: 'csv' },
  }),
  'DELETE /api/flow/custom-reports/:processId': (i) => ({ path: `/api/flow/custom-reports/gen.transactions.${i.retailer}` }),
  'GET /api/flow/report-scheduling/:processId': (i) => ({ path: `/api/flow/report-scheduling/gen.transactions.${i.retailer}` }),
  'PUT /api/flow/report-scheduling/:processId': (i) => ({
    path: `/api/flow/report-scheduling/gen.transactions.${i.retailer}`,
    body: scheduleBody(),
  }),
  'GET /api/flow/custom-reports/:processId/mailing-list': (i) => ({
    path: `/api/flow/custom-reports/gen.transactions.${i.retailer}/mailing-list`,
  }),
  'GET /api/flow/custom-reports/:processId/recipient-candidates': (i) => ({
    path: `/api/flow/custom-reports/gen.transactions.${i.retailer}/recipient-candidates`,
  }),
  // The full user adds itself (idempotent: 200 each time) before the remove sample takes it off again.
  'POST /api/flow/custom-reports/:processId/add-recipient': (i) => ({
    path: `/api/flow/custom-reports/gen.transactions.${i.retailer}/add-recipient`,
    body: { referenceId: 'u.full' },
  }),
  'POST /api/flow/custom-reports/:processId/remove-recipient': (i) => ({
    path: `/api/flow/custom-reports/gen.transactions.${i.retailer}/remove-recipient`,
    body: { referenceId: 'u.full' },
  }),
  // ADR 051: the own report's contact has confirmed, so the full user's "send again" is 409 CONTACT_CONFIRMED.
  'POST /api/flow/custom-reports/:processId/contacts/:contactId/send-confirmation': (i) => ({
    path: `/api/flow/custom-reports/gen.transactions.${i.retailer}/contacts/${GATE_CONTACT}/send-confirmation`,
  }),
  'POST /api/flow/process-mail-contacts': (i) => ({
    path: '/api/flow/process-mail-contacts',
    body: { firstname: 'Gate', surname: 'Contact', email: 'gate.contact@example.com', processId: `gen.transactions.${i.retailer}` },
  }),
  // Report jobs (ADR 041): the own customer's general report; the job routes name no customer (scope 'none').
  'POST /api/flow/report-jobs': (i) => ({
    path: '/api/flow/report-jobs',
    headers: { 'Idempotency-Key': `route-gates-report-${i.retailer}` },
    body: { processId: `gen.transactions.${i.retailer}`, dateFrom: '2026-11-01', dateUntil: '2026-11-20' },
  }),
  'GET /api/flow/report-jobs': (i) => ({ path: `/api/flow/report-jobs?processId=gen.transactions.${i.retailer}` }),
  'GET /api/flow/report-jobs/:jobId': () => ({ path: `/api/flow/report-jobs/${GATE_REPORT_JOB}` }),
  'GET /api/imports': (i) => ({ path: `/api/imports?owner=${i.retailer}` }),
  'GET /api/imports/:fileId': () => ({ path: `/api/imports/${GATE_IMPORT_FILE}` }),
  'DELETE /api/flow/report-jobs/:jobId': () => ({ path: `/api/flow/report-jobs/${GATE_REPORT_JOB_DELETED}` }),
  'GET /api/flow/report-files': (i) => ({ path: `/api/flow/report-files?customerId=${i.retailer}` }),
  'GET /api/flow/report-files/:fileId/download': () => ({ path: `/api/flow/report-files/${GATE_REPORT_JOB}.0/download` }),
  // Report delivery (ADR 042): a sent delivery of the finished job (created below): 409, only a failed one is sent again.
  'POST /api/flow/report-jobs/:jobId/deliveries/:deliveryId/resend': () => ({
    path: `/api/flow/report-jobs/${GATE_REPORT_JOB}/deliveries/email.u.full/resend`,
  }),
  // Workflows and requests (ADR 046): each customer's workflow wf-gate-<customer>; its request -A is the caller's own
  // (full / other: submitted, then archived by the DELETE sample), -B someone else's draft (approve/reject: 409).
  'GET /api/flow/workflows': (i) => ({ path: `/api/flow/workflows?customerId=${i.retailer}` }),
  'GET /api/flow/workflows/approver-candidates': (i) => ({ path: `/api/flow/workflows/approver-candidates?customerId=${i.retailer}` }),
  'GET /api/flow/workflows/:workflowId': (i) => ({ path: `/api/flow/workflows/wf-gate-${i.retailer}` }),
  'POST /api/flow/workflows': (i) => ({
    path: '/api/flow/workflows',
    headers: { 'Idempotency-Key': `route-gates-workflow-${i.retailer}` },
    body: {
      name: 'Gate workflow',
      customerId: i.retailer,
      steps: [{ stepId: 's1', name: 'Step', items: [{ itemId: 'note', type: 'text', label: 'Note', required: false }] }],
    },
  }),
  // baseVersion 1: the first save makes version 2, every later one answers 409 (saved meanwhile).
  'PUT /api/flow/workflows/:workflowId': (i) => ({
    path: `/api/flow/workflows/wf-gate-${i.retailer}`,
    body: {
      name: 'Gate workflow',
      customerId: i.retailer,
      baseVersion: 1,
      steps: [{ stepId: 's1', name: 'Step', items: [{ itemId: 'note', type: 'text', label: 'Note', required: false }] }],
    },
  }),
  'GET /api/flow/workflow-requests': (i) => ({ path: `/api/flow/workflow-requests?customerId=${i.retailer}&only-pending=0` }),
  'GET /api/flow/workflow-requests/inbox-count': () => ({ path: '/api/flow/workflow-requests/inbox-count' }),
  'GET /api/flow/workflow-requests/:id': (i) => ({ path: `/api/flow/workflow-requests/WR-GATE-${i.retailer}-A` }),
  'POST /api/flow/workflow-requests': (i) => ({
    path: '/api/flow/workflow-requests',
    headers: { 'Idempotency-Key': `route-gates-request-${i.retailer}` },
    body: { workflowId: `wf-gate-${i.retailer}`, customerId: i.retailer },
  }),
  'PUT /api/flow/workflow-requests/:id': (i) => ({
    path: `/api/flow/workflow-requests/WR-GATE-${i.retailer}-A`,
    body: { workflowStepId: 's1', enquiry: '' },
  }),
  'PUT /api/flow/workflow-request-items/:itemId': (i) => ({
    path: `/api/flow/workflow-request-items/WR-GATE-${i.retailer}-A.s1.note`,
    body: { answer: 'gate' },
  }),
  'POST /api/flow/workflow-requests/:id/approve': (i) => ({
    path: `/api/flow/workflow-requests/WR-GATE-${i.retailer}-B/approve`,
    body: {},
  }),
  'POST /api/flow/workflow-requests/:id/reject': (i) => ({
    path: `/api/flow/workflow-requests/WR-GATE-${i.retailer}-B/reject`,
    body: { comment: 'Gate' },
  }),
  'DELETE /api/flow/workflow-requests/:id': (i) => ({ path: `/api/flow/workflow-requests/WR-GATE-${i.retailer}-A` }),
  // Uploads and comments (ADR 045) on the request's file item `shot` and text item `note` (no S3 here: the samples stop before it).
  'POST /api/flow/workflow-request-items/:itemId/upload': (i) => ({
    path: `/api/flow/workflow-request-items/WR-GATE-${i.retailer}-A.s1.shot/upload`,
    body: { fileName: 'gate.png', contentType: 'image/png', bytes: 100 },
  }),
  'POST /api/flow/workflow-request-items/:itemId/uploads/:uploadId/complete': (i) => ({
    path: `/api/flow/workflow-request-items/WR-GATE-${i.retailer}-A.s1.shot/uploads/gate-upload/complete`,
  }),
  'DELETE /api/flow/workflow-request-items/:itemId/files/:fileId': (i) => ({
    path: `/api/flow/workflow-request-items/WR-GATE-${i.retailer}-A.s1.shot/files/gate-file`,
  }),
  'POST /api/flow/workflow-request-comments': (i) => ({
    path: '/api/flow/workflow-request-comments',
    body: { requestStepItemId: `WR-GATE-${i.retailer}-A.s1.note`, comment: 'Gate' },
  }), // News (ADR 081): news-gate-<customer> is meant for that customer alone (another's answers like a missing id);
  // the editor's samples edit news-gate-edit (baseVersion 1: 200 once, then 409) and withdraw news-gate-withdraw.
  'GET /api/news/:newsId': (i) => ({ path: `/api/news/news-gate-${i.retailer}` }),
  'GET /api/news/manage': () => ({ path: '/api/news/manage' }),
  'GET /api/news/manage/:newsId': () => ({ path: '/api/news/manage/news-gate-edit' }),
  'POST /api/news': (i) => ({
    path: '/api/news',
    headers: { 'Idempotency-Key': `route-gates-news-${i.retailer}` },
    body: gateNews(),
  }),
  'PUT /api/news/:newsId': () => ({ path: '/api/news/news-gate-edit', body: { ...gateNews(), baseVersion: 1 } }),
  'DELETE /api/news/:newsId': () => ({ path: '/api/news/news-gate-withdraw?baseVersion=1' }),
  // Documents (ADR 082): doc-gate-<customer> lies in that customer's folder; the delete sample is idempotent (200 again).
  'GET /api/documents/:documentId/download': (i) => ({ path: `/api/documents/doc-gate-${i.retailer}/download` }),
  'GET /api/documents/customers/:customerId': (i) => ({ path: `/api/documents/customers/${i.retailer}?sort=date&dir=desc` }),
  'GET /api/documents/customers/:customerId/:documentId/download': (i) => ({
    path: `/api/documents/customers/${i.retailer}/doc-gate-${i.retailer}/download`,
  }),
  'GET /api/documents/customers/:customerId/:documentId/downloads': (i) => ({
    path: `/api/documents/customers/${i.retailer}/doc-gate-${i.retailer}/downloads`,
  }),
  'POST /api/documents/customers/:customerId/uploads': (i) => ({
    path: `/api/documents/customers/${i.retailer}/uploads`,
    headers: { 'Idempotency-Key': `route-gates-docs-${i.retailer}` },
    body: { folder: 'Contracts', fileName: 'gate.pdf', contentType: 'application/pdf', bytes: 100 },
  }),
  'POST /api/documents/customers/:customerId/uploads/:uploadId/complete': (i) => ({
    path: `/api/documents/customers/${i.retailer}/uploads/gate-upload/complete`,
  }),
  'GET /api/documents/customers/:customerId/:documentId/versions': (i) => ({
    path: `/api/documents/customers/${i.retailer}/doc-gate-${i.retailer}/versions`,
  }),
  'POST /api/documents/customers/:customerId/:documentId/versions/:version/restore': (i) => ({
    path: `/api/documents/customers/${i.retailer}/doc-gate-${i.retailer}/versions/1/restore`,
    headers: { 'Idempotency-Key': `route-gates-restore-${i.retailer}` },
  }),
  'DELETE /api/documents/customers/:customerId/:documentId': (i) => ({
    path: `/api/documents/customers/${i.retailer}/doc-gate-del-${i.retailer}`,
  }),
  // Company (ADR 085): the profile saved at rev 0 (200 once, then 409 COMPANY.STALE).
  'PUT /api/company/:customerId/profile': (i) => ({
    path: `/api/company/${i.retailer}/profile`,
    body: { rev: 0, profile: companyProfile({ name: 'Gate Company' }) },
  }),
  // Product allocation (ADR 087): the create replays under its key (201, then 200 with the same change).
  'GET /api/product-allocation/customers': () => ({ path: ALLOC }),
  'GET /api/product-allocation/customers/:customerId': (i) => ({ path: `${ALLOC}/${i.retailer}` }),
  'GET /api/product-allocation/customers/:customerId/stores/:storeId': (i) => ({ path: `${ALLOC}/${i.retailer}/stores/${i.store}` }),
  'GET /api/product-allocation/customers/:customerId/products/:productId': (i) => ({ path: `${ALLOC}/${i.retailer}/products/P-1` }),
  'GET /api/product-allocation/customers/:customerId/history': (i) => ({ path: `${ALLOC}/${i.retailer}/history?productId=P-1` }),
  'GET /api/product-allocation/customers/:customerId/changes/:changeId': (i) => ({
    path: `${ALLOC}/${i.retailer}/changes/${gateChangeId(i.retailer, 'read')}`,
  }),
  'POST /api/product-allocation/customers/:customerId/changes': (i) => ({
    path: `${ALLOC}/${i.retailer}/changes`,
    headers: { 'Idempotency-Key': `route-gates-alloc-${i.retailer}` },
    body: { kind: 'deallocation', productId: 'P-1', scope: { level: 'customer' }, effectiveDay: '2026-11-22' },
  }),
  'POST /api/product-allocation/customers/:customerId/changes/:changeId/approve': (i) => ({
    path: `${ALLOC}/${i.retailer}/changes/${gateChangeId(i.retailer, 'done')}/approve`,
    body: {},
  }),
  'POST /api/product-allocation/customers/:customerId/changes/:changeId/reject': (i) => ({
    path: `${ALLOC}/${i.retailer}/changes/${gateChangeId(i.retailer, 'done')}/reject`,
    body: { reason: 'Gate' },
  }),
  // Logo (ADR 084): always the caller's own customer; no upload is open (409 past the gates); GATE_LOGO is staged for OWN.
  'POST /api/logo/uploads': (i) => ({
    path: '/api/logo/uploads',
    headers: { 'Idempotency-Key': `route-gates-logo-${i.retailer}` },
    body: { fileName: 'gate.png', contentType: 'image/png', bytes: 100 },
  }),
  'POST /api/logo/uploads/:uploadId/complete': () => ({ path: '/api/logo/uploads/gate-upload/complete' }),
  'POST /api/logo/apply': () => ({ path: '/api/logo/apply', body: { logoId: GATE_LOGO } }),
  // The customer's own administrator (ADR 113): each customer's member and pending invitation (made in createGateWorld).
  // Deactivate, reactivate and the resets answer 200 again and again; the access change names no current version (409).
  'GET /api/team': () => ({ path: '/api/team' }),
  'POST /api/team/invitations': (i) => ({
    path: '/api/team/invitations',
    headers: { 'Idempotency-Key': `route-gates-team-invite-${i.retailer}` },
    body: {
      email: `gate.invitee.${i.retailer}@example.com`,
      firstname: 'Gate',
      surname: 'Invitee',
      customerId: i.retailer,
      permissions: {},
    },
  }),
  'POST /api/team/invitations/:invitationId/resend': (i) => ({ path: `/api/team/invitations/${i.invitation}/resend`, body: {} }),
  'DELETE /api/team/invitations/:invitationId': (i) => ({ path: `/api/team/invitations/${i.invitation}` }),
  'PUT /api/team/members/:username/access': (i) => ({
    path: `/api/team/members/${i.account}/access`,
    body: { customerId: i.retailer, permissions: { ordering: ['cardOrdering'] }, version: '2026-01-01T00:00:00.000Z' },
  }),
  'POST /api/team/members/:username/deactivate': (i) => ({ path: `/api/team/members/${i.account}/deactivate`, body: {} }),
  'POST /api/team/members/:username/reactivate': (i) => ({ path: `/api/team/members/${i.account}/reactivate`, body: {} }),
  'POST /api/team/members/:username/reset-mfa': (i) => ({ path: `/api/team/members/${i.account}/reset-mfa`, body: {} }),
  'POST /api/team/members/:username/password-reset': (i) => ({ path: `/api/team/members/${i.account}/password-reset`, body: {} }),
  // The audit log (ADR 114): always the caller's own customer's entries; the filters are sampled with a day range.
  'GET /api/audit': () => ({ path: '/api/audit?from=2026-11-01&to=2026-11-21&limit=20' }),
};

type ModuleBits = Record<ModuleName, { permissions: number; settings: number }>;
const bitsOf = (map: Record<string, number>) => Object.values(map).reduce((all, bit) => all | bit, 0);
/** Every permission of every module (MODULE_FLAGS, ordering and connect alike): what the gate accounts hold. */
const allModules = (): ModuleBits =>
  Object.fromEntries(
    MODULE_NAMES.map((m) => [m, { permissions: bitsOf(MODULE_FLAGS[m].permissions), settings: m === 'ordering' ? 1 : 0 }]),
  ) as ModuleBits;
/** Every module permission but the named ones (a user missing every permission a route accepts). */
export function modulesWithout(names: readonly PermissionName[]): ModuleBits {
  const modules = allModules();
  for (const name of names) {
    const [module, permission] = name.split('.') as [ModuleName, string];
    modules[module].permissions &= ~(MODULE_FLAGS[module].permissions as Record<string, number>)[permission]!;
  }
  return modules;
}
/** The name of that user's account: lacks.<module><bits left> of each module it lacks something in. */
export function permissionsWithout(names: readonly PermissionName[]): string {
  const modules = modulesWithout(names);
  return [...new Set(names.map((name) => name.split('.')[0] as ModuleName))]
    .sort()
    .map((m) => `${m}${modules[m].permissions}`)
    .join('.');
}

export type Gates = Awaited<ReturnType<typeof createGateWorld>>;

/** The backend, the app, the data and a signed-in jar per account. */
export async function createGateWorld() {
  const backend: Backend = await createTestBackend(() => CLOCK);
  let ip = 0;
  // A fresh client address per call keeps the per-address limits (sign-in, reset) out of the gates.
  const app = createApp(backend, () => `198.51.100.${(ip++ % 250) + 1}`);
  const routes = await routeTable(app);
  const lacking = new Map(
    routes
      .filter((r) => r.policy?.permission.length)
      .map((r) => [permissionsWithout(r.policy!.permission), modulesWithout(r.policy!.permission)]),
  );
  const account = (username: string, customerId: string, extra: object = {}) =>
    testAccount(username, customerId, PASSWORD, { modules: allModules(), ...extra });
  const accounts = [
    // Both portals: the fuzzer reaches connect-only routes signed in on connect (gates/route-fuzz.ts).
    account('full', OWN.retailer, { portals: ['ordering', 'connect'] }),
    account('other', FOREIGN.retailer),
    account('weak', OWN.retailer, { securityFlag: 1024 }),
    account('expired', OWN.retailer, { passwordExpiry: '2026-01-01T00:00:00.000Z', portals: ['ordering', 'connect'] }),
    account('mfa.pending', OWN.retailer, { mfaRequired: true, portals: ['ordering', 'connect'] }),
    account('both.portals', OWN.retailer, { portals: ['ordering', 'connect'] }),
    // Signed in on TERMS_HOST, whose brand's terms of use it has not accepted (ADR 086).
    account('terms.pending', OWN.retailer, { portals: ['ordering', 'connect'] }),
    // A team member of each customer (ADR 113): the admins ('full', 'other') hold every bit, so it is within their reach.
    account(OWN.account, OWN.retailer),
    account(FOREIGN.account, FOREIGN.retailer),
    // An admin holding only ordering's manageTeam and cardOrdering: the matrix has it grant each bit it lacks.
    account(LIMITED_ADMIN, OWN.retailer, { modules: { ordering: { permissions: LIMITED_ADMIN_BITS, settings: 1 } } }),
    // A member holding no ordering bit: every bit the limited admin lacks would be a grant, not a keep.
    account(BARE_MEMBER, OWN.retailer, { modules: { ordering: { permissions: 0, settings: 1 } } }),
    ...[...lacking].map(([label, modules]) => account(`lacks.${label}`, OWN.retailer, { modules, portals: ['ordering', 'connect'] })),
  ];
  const load = (kind: string, records: object[]) => importOk(backend, kind, records);
  await load('accounts', accounts);
  await load('brands', [
    { id: 'default', name: 'Brand', layout: 'default', footerLinks: [], customFields: {} },
    { id: 'terms', name: 'Terms', layout: 'default', hosts: [TERMS_HOST], footerLinks: [], customFields: { termsOfUseRequired: true } },
  ]);
  await load('termsOfUse', [{ brandId: 'terms', texts: { en: 'The terms.' } }]);
  await load('retailers', [
    { customerId: OWN.retailer, name: 'Own Markets' },
    { customerId: FOREIGN.retailer, name: 'Foreign Shops' },
  ]);
  await load('products', [
    { productId: 'P-1', inventoryProductId: 'I-1', ean: CARD_EAN, sku: 'SKU-1', name: 'Gift card', company: 'Brand Co', faceValue: 25 },
  ]);
  await load('stores', [storeRecord(OWN.store, OWN.retailer), storeRecord(FOREIGN.store, FOREIGN.retailer)]);
  await load('retailerProducts', [
    { retailerId: OWN.retailer, productId: 'P-1' },
    { retailerId: FOREIGN.retailer, productId: 'P-1' },
  ]);
  await load('serials', [
    { serialFrom: OWN.serial, ean: CARD_EAN, eanSecond: ean(101), contract: false, retailerId: OWN.retailer },
    { serialFrom: FOREIGN.serial, ean: CARD_EAN, eanSecond: ean(101), contract: false, retailerId: FOREIGN.retailer },
  ]);

  await load('transactionTypes', [{ transactionTypeId: 'sale', name: 'Sale' }]);
  await load(
    'transactions',
    [OWN, FOREIGN].map(({ retailer }) => ({
      transactionId: `TX-GATE-${retailer}`,
      at: GATE_TX_AT,
      customerId: retailer,
      terminalId: 'T-1',
      type: 'sale',
      resultCode: '00',
      result: 'approved',
      amount: 2500,
      currency: 'EUR',
    })),
  );

  // The gates call the export routes, not the runner: jobs stay queued (no S3 here).
  backend.exports = exportsFromConfig(backend.config, { db: backend.db, now: () => CLOCK, launcher: { launch: async () => {} } });
  const exportJob = queuedJob({
    jobId: GATE_EXPORT_JOB,
    owner: 'full',
    kind: 'transactions',
    format: 'csv',
    filter: { customerId: OWN.retailer },
    timeZone: 'UTC',
    createdAt: CLOCK.toISOString(),
  });
  await putExportJob(
    backend.db,
    {
      ...exportJob,
      status: 'done',
      files: [{ index: 0, name: 'gate.csv', rows: 0, key: `exports/${GATE_EXPORT_JOB}/gate.csv`, bytes: 3 }],
    },
    CLOCK,
  );

  const at = CLOCK.toISOString();
  await createImportFile(backend.db, {
    fileId: GATE_IMPORT_FILE,
    bucket: backend.config.REPORTS_BUCKET,
    key: `sftp/${OWN.retailer}/imports/transactions.csv`,
    eTag: GATE_IMPORT_FILE,
    bytes: 0,
    owner: OWN.retailer,
    kind: 'transactions',
    status: 'done',
    ...{ linesDone: 0, bytesDone: 0, created: 0, updated: 0, errorCount: 0, runs: 1, receivedAt: at, updatedAt: at },
  });

  // The gates call the report job routes, not the runner (ADR 041).
  backend.reportJobs = reportJobsFromConfig(backend.config, { db: backend.db, now: () => CLOCK, launcher: { launch: async () => {} } });
  for (const jobId of [GATE_REPORT_JOB, GATE_REPORT_JOB_DELETED])
    await putFinishedReportJob(backend.db, reportJobFixture({ jobId, customerId: OWN.retailer }), CLOCK);
  // A sent delivery of it: the resend sample answers 409 (only a failed one is sent again) and sends nothing.
  await createDelivery(backend.db, {
    jobId: GATE_REPORT_JOB,
    deliveryId: 'email.u.full',
    channel: 'email',
    target: 'u.full',
    address: 'full@example.com',
    status: 'sent',
    reason: null,
    attempts: 1,
    attached: true,
    retryable: false,
    updatedAt: CLOCK.toISOString(),
  });

  const contactAt = CLOCK.toISOString();
  await transactWrite(
    backend.db,
    newContactWrites(
      backend.db,
      `gen.transactions.${OWN.retailer}`,
      OWN.retailer,
      {
        contactId: GATE_CONTACT,
        firstname: 'Gate',
        surname: 'Confirmed',
        email: 'gate.confirmed@example.com',
        emailKey: 'gate.confirmed@example.com',
        displayname: '',
        active: true,
        isEmailActive: true,
        childProcessId: null,
        createdAt: contactAt,
        confirmation: 'confirmed',
        confirmedAt: contactAt,
      },
      { referenceId: `c.${GATE_CONTACT}`, addedAt: contactAt, unsubscribedAt: null },
    ),
  );

  // Workflows and requests (ADR 046): one workflow per customer through the import kind, two draft requests each.
  await load(
    'workflows',
    [OWN, FOREIGN].map(({ retailer }) => ({
      workflowId: `wf-gate-${retailer}`,
      name: 'Gate workflow',
      customerId: retailer,
      steps: [
        {
          stepId: 's1',
          name: 'Step',
          items: [
            { itemId: 'note', type: 'text', label: 'Note', required: false },
            { itemId: 'shot', type: 'file', label: 'Shot', required: false },
          ],
        },
      ],
    })),
  );
  for (const [{ retailer }, requester] of [
    [OWN, 'full'],
    [FOREIGN, 'other'],
  ] as const) {
    const workflow = (await getLatestWorkflow(backend.db, `wf-gate-${retailer}`))!;
    await putDraftRequest(backend.db, workflow, { id: `WR-GATE-${retailer}-A`, customerId: retailer, requestedBy: requester, at: CLOCK });
    await putDraftRequest(backend.db, workflow, {
      id: `WR-GATE-${retailer}-B`,
      customerId: retailer,
      requestedBy: 'gate.requester',
      at: CLOCK,
    });
  }

  await load('news', [
    ...[OWN, FOREIGN].map(({ retailer }) => ({ newsId: `news-gate-${retailer}`, ...gateNews({ kind: 'customers', ids: [retailer] }) })),
    { newsId: 'news-gate-edit', ...gateNews() },
    { newsId: 'news-gate-withdraw', ...gateNews() },
  ]);

  for (const { retailer } of [OWN, FOREIGN]) {
    const gateDocument = (documentId: string, name: string) => ({
      documentId,
      folder: 'Contracts',
      name,
      bytes: 100,
      contentType: 'application/pdf',
      uploadedAt: CLOCK.toISOString(),
      uploadedBy: 'supplier',
      source: 'supplier' as const,
      objectKey: documentKey(retailer, documentId),
    });
    await storeDocument(backend.db, retailer, gateDocument(`doc-gate-${retailer}`, 'Gate contract.pdf'), 'supplier');
    await storeDocument(backend.db, retailer, gateDocument(`doc-gate-del-${retailer}`, 'Gate old contract.pdf'), 'supplier');
    // The same name again: doc-gate's version 2, its version 1 kept for the restore sample (ADR 082).
    await placeDocument(backend.db, retailer, gateDocument(`doc-gate-v2-${retailer}`, 'Gate contract.pdf'), 'supplier');
  }

  for (const { retailer } of [OWN, FOREIGN])
    for (const [which, status] of [
      ['read', 'pending'],
      ['done', 'approved'],
    ] as const)
      await putNewChange(backend.db, {
        changeId: gateChangeId(retailer, which),
        customerId: retailer,
        kind: 'deallocation',
        productId: 'P-1',
        scope: { level: 'customer' },
        effectiveDay: '2026-11-22',
        timezone: 'UTC',
        status,
        requestedBy: 'gate.requester',
        requestedAt: CLOCK.toISOString(),
      });
  await putStagedLogoRow(backend.db, OWN.retailer, GATE_LOGO, CLOCK);

  async function call(jar: CookieJar | null, portal: Portal, method: string, sample: Sample) {
    const hasBody = sample.body !== undefined;
    const res = await app.request(sample.path, {
      method,
      headers: {
        'X-Portal': portal,
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...(jar ? { Cookie: jar.header() } : {}),
        ...sample.headers,
      },
      ...(hasBody ? { body: typeof sample.body === 'string' ? sample.body : JSON.stringify(sample.body) } : {}),
    });
    jar?.remember(res);
    return { status: res.status, text: await res.text(), headers: res.headers };
  }

  const jars: Record<string, CookieJar> = {};
  async function signIn(username: string, portal: Portal = 'ordering') {
    const jar = new CookieJar();
    const res = await call(jar, portal, 'POST', { path: '/api/auth/signin', body: { username, password: PASSWORD } });
    if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${res.text}`);
    return jar;
  }
  for (const { username } of accounts) jars[username] = await signIn(username);
  jars['both.portals@connect'] = await signIn('both.portals', 'connect');
  jars['full@connect'] = await signIn('full', 'connect');
  // The pending-step rows reach connect-only routes (master data) on a connect session.
  for (const username of ['expired', 'mfa.pending', 'terms.pending']) jars[`${username}@connect`] = await signIn(username, 'connect');
  // The users lacking a connect route's permissions are asked on connect.
  for (const label of lacking.keys())
    if (!label.startsWith('ordering')) jars[`lacks.${label}@connect`] = await signIn(`lacks.${label}`, 'connect');

  /** One order each side, placed through the API: the order-scoped samples name them. */
  async function placeOrder(username: string, ids: Omit<Ids, 'order' | 'invitation'>) {
    const res = await call(
      jars[username]!,
      'ordering',
      'POST',
      SAMPLES['POST /api/replenishment/orders']!({ ...ids, order: '', invitation: '' }),
    );
    if (res.status !== 201) throw new Error(`order of ${username}: ${res.status} ${res.text}`);
    return (JSON.parse(res.text.slice(res.text.indexOf('{'))) as { orderId: string }).orderId;
  }
  /** One pending team invitation each side, made through the API (ADR 113): the invitation samples name them. */
  async function invite(username: string, retailer: string) {
    const res = await call(jars[username]!, 'ordering', 'POST', {
      path: '/api/team/invitations',
      headers: { 'Idempotency-Key': `route-gates-team-setup-${retailer}` },
      body: { email: `gate.pending.${retailer}@example.com`, firstname: '', surname: '', customerId: retailer, permissions: {} },
    });
    if (res.status !== 201) throw new Error(`invitation of ${username}: ${res.status} ${res.text}`);
    return (JSON.parse(res.text.slice(res.text.indexOf('{'))) as { invitationId: string }).invitationId;
  }
  const own: Ids = { ...OWN, order: await placeOrder('full', OWN), invitation: await invite('full', OWN.retailer) };
  const foreign: Ids = { ...FOREIGN, order: await placeOrder('other', FOREIGN), invitation: await invite('other', FOREIGN.retailer) };
  return { backend, app, routes, jars, call, own, foreign };
}
