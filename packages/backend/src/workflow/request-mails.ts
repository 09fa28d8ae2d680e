import { decodeAccess } from '@portal/core/auth';
import type { Workflow } from '@portal/core/workflow';
import { getAccount } from '../accounts/index.ts';
import type { Customer } from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { Mail, Mailer } from '../platform/mail/mailer.ts';
import { textsFor, type Values } from '../platform/texts/server-texts.ts';
import { portalUsersOf } from '../report/index.ts';
import { decidesOn } from './request-access.ts';
import type { StoredRequest } from './request-entity.ts';

/**
 * Request notifications (ADR 046): the approvers of the step when it is submitted, the
 * requester when a step is approved or rejected. Each mail carries the deep link APP_URL/connect/requests/<id>.
 * In the recipient's language (the account's locale, ADR 090). Sent after the transition was written: a mail that fails is logged and does not undo the decision.
 */
export const requestLink = (appUrl: string, requestId: string) =>
  `${appUrl.replace(/\/$/, '')}/connect/requests/${encodeURIComponent(requestId)}`;

const named = (r: StoredRequest, more: Values = {}): Values => ({ id: r.id, workflow: r.workflowName, ...more });

/** The request mails in the recipient's language (`locale`: the recipient account's; ADR 090). */
export const requestMails = {
  stepSubmitted: async (
    to: string,
    locale: string | undefined,
    r: StoredRequest,
    step: string,
    by: string,
    link: string,
  ): Promise<Mail> => {
    const { t, texts } = await textsFor(locale);
    const m = texts.request;
    return {
      to,
      subject: t(m.submittedSubject, named(r)),
      text: [
        t(m.submitted, named(r, { step, by })),
        ...(r.enquiry ? ['', t(m.note, { text: r.enquiry })] : []),
        '',
        m.openToDecide,
        link,
      ].join('\n'),
    };
  },
  decided: async (
    to: string,
    locale: string | undefined,
    r: StoredRequest,
    decision: 'approved' | 'rejected',
    step: string,
    by: string,
    comment: string | undefined,
    link: string,
  ): Promise<Mail> => {
    const { t, texts } = await textsFor(locale);
    const m = texts.request;
    const what = decision === 'rejected' ? m.rejected : r.approved ? m.complete : m.stepApproved;
    return {
      to,
      subject: t(decision === 'approved' ? m.approvedSubject : m.rejectedSubject, named(r)),
      text: [t(what, named(r, { step, by })), ...(comment ? ['', t(m.comment, { text: comment })] : []), '', m.open, link].join('\n'),
    };
  },
};

/** The users who decide on the request's current step (active connect users of the customer and its group): address and language. */
export async function approverAddresses(
  db: Db,
  customer: Customer,
  request: StoredRequest,
): Promise<{ to: string; locale: string | undefined }[]> {
  const users = await portalUsersOf(db, customer);
  return users
    .filter((u) => u.email && decodeAccess(u).modules.flow.permissions.approveRequests && decidesOn(request, u.username))
    .map((u) => ({ to: u.email, locale: u.locale }));
}

export function createRequestNotifier({ db, mailer, appUrl }: { db: Db; mailer: Pick<Mailer, 'send'>; appUrl: string }) {
  const sendAll = async (mails: Promise<Mail>[]) => {
    const results = await Promise.allSettled(mails.map(async (m) => mailer.send(await m)));
    for (const r of results)
      if (r.status === 'rejected') console.error(JSON.stringify({ level: 'error', msg: 'workflow mail failed', error: String(r.reason) }));
  };
  return {
    async submitted(customer: Customer, request: StoredRequest, workflow: Workflow, by: string) {
      const step = workflow.steps[request.stepIndex]!;
      const link = requestLink(appUrl, request.id);
      await sendAll(
        (await approverAddresses(db, customer, request)).map(({ to, locale }) =>
          requestMails.stepSubmitted(to, locale, request, step.name, by, link),
        ),
      );
    },
    async decided(
      request: StoredRequest,
      workflow: Workflow,
      decidedStepIndex: number,
      decision: 'approved' | 'rejected',
      by: string,
      comment: string | undefined,
    ) {
      const requester = await getAccount(db, request.requestedBy);
      if (!requester?.email) return;
      const step = workflow.steps[decidedStepIndex]!;
      await sendAll([
        requestMails.decided(requester.email, requester.locale, request, decision, step.name, by, comment, requestLink(appUrl, request.id)),
      ]);
    },
  };
}
export type RequestNotifier = ReturnType<typeof createRequestNotifier>;
