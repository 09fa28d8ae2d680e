import { decodeAccess } from '@portal/core/auth';
import type { Workflow } from '@portal/core/workflow';
import { getAccount } from '../accounts/index.ts';
import type { Customer } from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { Mail, Mailer } from '../platform/mail/mailer.ts';
import { portalUsersOf } from '../report/index.ts';
import { decidesOn } from './request-access.ts';
import type { StoredRequest } from './request-entity.ts';

/**
 * Request notifications (ADR 046): the approvers of the step when it is submitted, the
 * requester when a step is approved or rejected. Each mail carries the deep link APP_URL/connect/requests/<id>.
 * In the recipient's language (account locale: German or English). Sent after the transition was written: a mail that fails is logged and does not undo the decision.
 */
export const requestLink = (appUrl: string, requestId: string) =>
  `${appUrl.replace(/\/$/, '')}/connect/requests/${encodeURIComponent(requestId)}`;

/** The mail's language: German for a recipient whose account locale is German (de-DE, de-de), else English. */
export type MailLanguage = 'en' | 'de';
export const mailLanguageOf = (locale: string | undefined): MailLanguage => (locale?.toLowerCase().startsWith('de') ? 'de' : 'en');

const TEXT = {
  en: {
    submittedSubject: (r: StoredRequest) => `Request ${r.id} awaits your decision: ${r.workflowName}`,
    submitted: (r: StoredRequest, step: string, by: string) =>
      `${by} submitted the step "${step}" of the request ${r.id} (${r.workflowName}).`,
    note: 'Note',
    openToDecide: 'Open the request to approve or reject it:',
    approvedSubject: (r: StoredRequest) => `Request ${r.id} approved: ${r.workflowName}`,
    rejectedSubject: (r: StoredRequest) => `Request ${r.id} rejected: ${r.workflowName}`,
    complete: (r: StoredRequest, by: string) => `${by} approved your request ${r.id} (${r.workflowName}). It is complete.`,
    stepApproved: (r: StoredRequest, step: string, by: string) =>
      `${by} approved the step "${step}" of your request ${r.id} (${r.workflowName}). The next step is open.`,
    rejected: (r: StoredRequest, step: string, by: string) =>
      `${by} rejected the step "${step}" of your request ${r.id} (${r.workflowName}). Please answer and submit it again.`,
    comment: 'Comment',
    open: 'Open the request:',
  },
  de: {
    submittedSubject: (r: StoredRequest) => `Antrag ${r.id} wartet auf Ihre Entscheidung: ${r.workflowName}`,
    submitted: (r: StoredRequest, step: string, by: string) =>
      `${by} hat den Schritt „${step}“ des Antrags ${r.id} (${r.workflowName}) eingereicht.`,
    note: 'Hinweis',
    openToDecide: 'Öffnen Sie den Antrag, um ihn zu genehmigen oder abzulehnen:',
    approvedSubject: (r: StoredRequest) => `Antrag ${r.id} genehmigt: ${r.workflowName}`,
    rejectedSubject: (r: StoredRequest) => `Antrag ${r.id} abgelehnt: ${r.workflowName}`,
    complete: (r: StoredRequest, by: string) => `${by} hat Ihren Antrag ${r.id} (${r.workflowName}) genehmigt. Er ist abgeschlossen.`,
    stepApproved: (r: StoredRequest, step: string, by: string) =>
      `${by} hat den Schritt „${step}“ Ihres Antrags ${r.id} (${r.workflowName}) genehmigt. Der nächste Schritt ist offen.`,
    rejected: (r: StoredRequest, step: string, by: string) =>
      `${by} hat den Schritt „${step}“ Ihres Antrags ${r.id} (${r.workflowName}) abgelehnt. Bitte antworten Sie und reichen Sie ihn erneut ein.`,
    comment: 'Kommentar',
    open: 'Antrag öffnen:',
  },
} satisfies Record<MailLanguage, unknown>;

export const requestMails = {
  stepSubmitted: (to: string, lang: MailLanguage, r: StoredRequest, stepName: string, by: string, link: string): Mail => {
    const t = TEXT[lang];
    return {
      to,
      subject: t.submittedSubject(r),
      text: [t.submitted(r, stepName, by), ...(r.enquiry ? ['', `${t.note}: ${r.enquiry}`] : []), '', t.openToDecide, link].join('\n'),
    };
  },
  decided: (
    to: string,
    lang: MailLanguage,
    r: StoredRequest,
    decision: 'approved' | 'rejected',
    stepName: string,
    by: string,
    comment: string | undefined,
    link: string,
  ): Mail => {
    const t = TEXT[lang];
    const what = decision === 'rejected' ? t.rejected(r, stepName, by) : r.approved ? t.complete(r, by) : t.stepApproved(r, stepName, by);
    return {
      to,
      subject: decision === 'approved' ? t.approvedSubject(r) : t.rejectedSubject(r),
      text: [what, ...(comment ? ['', `${t.comment}: ${comment}`] : []), '', t.open, link].join('\n'),
    };
  },
};

/** The users who decide on the request's current step (active connect users of the customer and its group): address and language. */
export async function approverAddresses(db: Db, customer: Customer, request: StoredRequest): Promise<{ to: string; lang: MailLanguage }[]> {
  const users = await portalUsersOf(db, customer);
  return users
    .filter((u) => u.email && decodeAccess(u).modules.flow.permissions.approveRequests && decidesOn(request, u.username))
    .map((u) => ({ to: u.email, lang: mailLanguageOf(u.locale) }));
}

export function createRequestNotifier({ db, mailer, appUrl }: { db: Db; mailer: Pick<Mailer, 'send'>; appUrl: string }) {
  const sendAll = async (mails: Mail[]) => {
    const results = await Promise.allSettled(mails.map((m) => mailer.send(m)));
    for (const r of results)
      if (r.status === 'rejected') console.error(JSON.stringify({ level: 'error', msg: 'workflow mail failed', error: String(r.reason) }));
  };
  return {
    async submitted(customer: Customer, request: StoredRequest, workflow: Workflow, by: string) {
      const step = workflow.steps[request.stepIndex]!;
      const link = requestLink(appUrl, request.id);
      await sendAll(
        (await approverAddresses(db, customer, request)).map(({ to, lang }) =>
          requestMails.stepSubmitted(to, lang, request, step.name, by, link),
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
        requestMails.decided(
          requester.email,
          mailLanguageOf(requester.locale),
          request,
          decision,
          step.name,
          by,
          comment,
          requestLink(appUrl, request.id),
        ),
      ]);
    },
  };
}
export type RequestNotifier = ReturnType<typeof createRequestNotifier>;
