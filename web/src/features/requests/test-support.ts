import type { SessionStatus } from '@portal/core/auth';
import type { ItemComment, RequestDetail, RequestFile, Workflow, WorkflowRequest } from '@portal/core/workflow';
import type { FakeCall, FakeRoutes } from '../../test/dom.tsx';
import { signedIn } from '../../test/fixtures.ts';

/**
 * The Requests section's DOM-test fixtures (tests only): a connect user of the flow module, a workflow, a
 * request of it with its detail, files and pinned comments, each with the values the tests share and
 * overrides for what a test is about.
 */
export const AT = '2026-11-24T10:00:00.000Z';

/** A signed-in connect user with the flow module's `permissions`, in `locale` when given. */
export function flowUser(permissions: Record<string, boolean>, locale?: string): SessionStatus {
  const base = signedIn();
  return { ...base, user: { ...base.user!, ...(locale ? { locale } : {}), modules: { flow: { permissions, settings: {} } } } };
}

/** Version 1 of a workflow for all customers, saved by the lead; the steps are the test's. */
export const workflowOf = (over: Partial<Workflow> & Pick<Workflow, 'steps'>): Workflow => ({
  workflowId: 'wf-pos',
  version: 1,
  name: 'POS screen approval',
  description: '',
  customerId: null,
  active: true,
  updatedAt: AT,
  updatedBy: 'lead',
  ...over,
});

/** A step any approver of the customer decides on. */
export const stepOf = (stepId: string, name: string, items: Workflow['steps'][number]['items']): Workflow['steps'][number] => ({
  stepId,
  name,
  approverIds: [],
  items,
});

/** demo.connect's draft request of `workflow` for P-1, at its first step. */
export const requestOf = (workflow: Workflow, over: Partial<WorkflowRequest> = {}): WorkflowRequest => ({
  id: 'WR-7K3M9Q2X',
  workflowId: workflow.workflowId,
  workflowName: workflow.name,
  workflowVersion: workflow.version,
  customerId: 'P-1',
  workflowStepId: workflow.steps[0]!.stepId,
  stepIndex: 0,
  enquiry: '',
  deleted: 0,
  approved: 0,
  rejected: 0,
  status: 'draft',
  requestedBy: 'demo.connect',
  approvedAt: null,
  rejectedAt: null,
  editedBy: 'demo.connect',
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

/** An uploaded file of 4000 bytes; an image's size and a PDF's page count are the test's. */
export const fileOf = (fileId: string, name: string, contentType: string, over: Partial<RequestFile> = {}): RequestFile => ({
  fileId,
  name,
  contentType,
  bytes: 4000,
  width: null,
  height: null,
  pageCount: null,
  uploadedAt: AT,
  ...over,
});

/** demo.approver's pin `n` ("Pin comment n") on file f1 of `itemId`, at `x` across and half-way down (of `page` of a PDF). */
export const pinComment = (itemId: string, n: number, x: number, page: number | null = null): ItemComment => ({
  commentId: `c${n}`,
  requestStepItemId: itemId,
  comment: `Pin comment ${n}`,
  positionX: x,
  positionY: 0.5,
  fileId: 'f1',
  pin: n,
  page,
  author: 'demo.approver',
  createdAt: '2026-11-24T11:00:00.000Z',
});

/**
 * The request route of `detail`: the detail, or with ?download= the file's presigned GET as JSON (ADR 045),
 * at `url(fileId)`.
 */
export const requestRoute = (detail: RequestDetail, url: (fileId: string) => string): FakeRoutes => ({
  [`GET /api/flow/workflow-requests/${detail.request.id}`]: (call: FakeCall) => {
    const download = call.query.get('download');
    return { body: download ? { url: url(download) } : detail };
  },
});
