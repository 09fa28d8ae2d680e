import { decodeAccess } from '@portal/core/auth';
import type { Workflow } from '@portal/core/workflow';
import { getAccount } from '../accounts/account-entity.ts';
import type { Customer } from '../customers/customer-entity.ts';
import type { Db } from '../platform/db/client.ts';
import type { Mail, Mailer } from '../platform/mail/mailer.ts';
import { portalUsersOf } from '../report/recipient-service.ts';
import { decidesOn } from './request-access.ts';
import type { StoredRequest } from './request-entity.ts';

/**
 * Request notifications (issue 16 item 5, ADR 046): the approvers of the step when it is submitted, the
 * requester when a step is approved or rejected. Each mail carries the deep link APP_URL/connect/requests/<id>.
 * Sent after the transition was written: a mail that fails is logged and does not undo the decision.
 */
export const requestLink = (appUrl: string, requestId: string) => `${appUrl.replace(/\/$/, '')}/connect/requests/${encodeURIComponent(requestId)}`;

export const requestMails = {
  stepSubmitted: (to: string, r: StoredRequest, stepName: string, by: string, link: string): Mail => ({
    to,
    subject: `Request ${r.id} awaits your decision: ${r.workflowName}`,
    text: [
      `${by} submitted the step "${stepName}" of the request ${r.id} (${r.workflowName}).`,
      ...(r.enquiry ? ['', `Note: ${r.enquiry}`] : []),
      '',
      'Open the request to approve or reject it:',
      link,
    ].join('\n'),
  }),
  decided: (to: string, r: StoredRequest, decision: 'approved' | 'rejected', stepName: string, by: string, comment: string | undefined, link: string): Mail => ({
    to,
    subject: decision === 'approved' ? `Request ${r.id} approved: ${r.workflowName}` : `Request ${r.id} rejected: ${r.workflowName}`,
    text: [
      decision === 'approved'
        ? r.approved
          ? `${by} approved your request ${r.id} (${r.workflowName}). It is complete.`
          : `${by} approved the step "${stepName}" of your request ${r.id} (${r.workflowName}). The next step is open.`
        : `${by} rejected the step "${stepName}" of your request ${r.id} (${r.workflowName}). Please answer and submit it again.`,
      ...(comment ? ['', `Comment: ${comment}`] : []),
      '',
      'Open the request:',
      link,
    ].join('\n'),
  }),
};

/** The e-mail addresses of the users who decide on the request's current step (active connect users of the customer). */
export async function approverAddresses(db: Db, customer: Customer, request: StoredRequest): Promise<string[]> {
  const users = await portalUsersOf(db, customer);
  return users
    .filter((u) => u.email && decodeAccess(u).modules.flow.permissions.approveRequests && decidesOn(request, u.username))
    .map((u) => u.email);
}

export function createRequestNotifier({ db, mailer, appUrl }: { db: Db; mailer: Pick<Mailer, 'send'>; appUrl: string }) {
  const sendAll = async (mails: Mail[]) => {
    const results = await Promise.allSettled(mails.map((m) => mailer.send(m)));
    for (const r of results) if (r.status === 'rejected') console.error(JSON.stringify({ level: 'error', msg: 'workflow mail failed', error: String(r.reason) }));
  };
  return {
    async submitted(customer: Customer, request: StoredRequest, workflow: Workflow, by: string) {
      const step = workflow.steps[request.stepIndex]!;
      const link = requestLink(appUrl, request.id);
      await sendAll((await approverAddresses(db, customer, request)).map((to) => requestMails.stepSubmitted(to, request, step.name, by, link)));
    },
    async decided(request: StoredRequest, workflow: Workflow, decidedStepIndex: number, decision: 'approved' | 'rejected', by: string, comment: string | undefined) {
      const requester = await getAccount(db, request.requestedBy);
      if (!requester?.email) return;
      const step = workflow.steps[decidedStepIndex]!;
      await sendAll([requestMails.decided(requester.email, request, decision, step.name, by, comment, requestLink(appUrl, request.id))]);
    },
  };
}
export type RequestNotifier = ReturnType<typeof createRequestNotifier>;
