import type { AuditEntry, RequestDetail, Workflow } from '@portal/core/workflow';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { fileOf, flowUser } from '../test-support.ts';

// A request's audit trail waits to be near the viewport or for the page's idle mark (components/ui/near-view.tsx,
// ADR 141, 156); happy-dom has no layout, so its IntersectionObserver never reports it near: the page counts as idle.
beforeAll(() => void performance.mark('portal:idle'));

// The first render loads the lazy route and its catalogues: on a busy machine over a second.

/**
 * The audit trail in words (ADR 046), in English and German, over a detail with every action the
 * backend writes: names of the workflow version's steps and items (not ids), the actor's name, file names,
 * dates and numbers in the user's format, before → after; an unknown action keeps the raw field text.
 */
const session = (locale: string) => flowUser({ approveRequests: true }, locale);

const workflow: Workflow = {
  workflowId: 'wf-onboard',
  version: 3,
  name: 'New store onboarding',
  description: '',
  customerId: null,
  active: true,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'lead',
  steps: [
    {
      stepId: 'store',
      name: 'Store data',
      approverIds: [],
      items: [
        { itemId: 'store-name', type: 'text', label: 'Store name', required: true },
        { itemId: 'tills', type: 'number', label: 'Number of tills', required: true },
        { itemId: 'opening', type: 'date', label: 'Opening day', required: true },
      ],
    },
    {
      stepId: 'screens',
      name: 'Screens',
      approverIds: [],
      items: [
        { itemId: 'flow', type: 'screenflow', label: 'Screens in order', required: true, maxFiles: 5 },
        { itemId: 'contract', type: 'file', label: 'Signed contract', required: false },
      ],
    },
  ],
};

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
type Actor = Pick<AuditEntry, 'actor' | 'actorName'>;
const by = (actor: string, actorName?: string): Actor => ({ actor, ...(actorName ? { actorName } : {}) });
const anna = by('anna.berg', 'Anna Berg');
const alma = by('alma.approver', 'Alma Approver');
/** One entry as the backend writes it: when (minute), who, what, on which step, before and after. */
const entry = (
  minute: number,
  who: Actor,
  action: string,
  stepId: string | null,
  before: AuditEntry['before'],
  after: AuditEntry['after'],
): AuditEntry => ({ at: at(minute), ...who, action, stepId, before, after });
const answer = (minute: number, item: string, was: string | null, now: string | null) =>
  entry(minute, anna, 'answer', 'store', { item, answer: was }, { item, answer: now });
const status = (status: string, stepId: string) => ({ status, stepId });
const comment = (minute: number, after: NonNullable<AuditEntry['after']>) => entry(minute, alma, 'comment', 'screens', null, after);
const audit: AuditEntry[] = [
  entry(0, anna, 'create', null, null, { status: 'draft', stepId: 'store', workflowVersion: 3 }),
  answer(1, 'store-name', null, 'Nordmarkt'),
  answer(2, 'store-name', 'Nordmarkt', 'Nordmarkt Mitte'),
  answer(3, 'tills', '4', '1250'),
  answer(4, 'opening', '2027-01-15', '2027-03-01'),
  entry(5, anna, 'submit', 'store', status('draft', 'store'), { ...status('pending', 'store'), answers: 3 }),
  entry(6, alma, 'approve', 'store', status('pending', 'store'), status('draft', 'screens')),
  entry(7, anna, 'upload', 'screens', null, { item: 'flow', fileId: 'f1', name: 'screen-1.png', contentType: 'image/png', bytes: 900 }),
  entry(8, anna, 'upload', 'screens', null, { item: 'flow', fileId: 'f2', name: 'old-screen.png', contentType: 'image/png', bytes: 900 }),
  entry(9, anna, 'remove-file', 'screens', { item: 'flow', fileId: 'f2', name: 'old-screen.png' }, null),
  entry(10, anna, 'submit', 'screens', status('draft', 'screens'), {
    ...status('pending', 'screens'),
    answers: 1,
    enquiry: 'Please check the colours',
  }),
  comment(11, { item: 'flow', commentId: 'c1', fileId: 'f1', pin: 2 }),
  comment(11, { item: 'contract', commentId: 'c3', fileId: 'f3', pin: 1, page: 2 }),
  comment(12, { item: 'flow', commentId: 'c4', fileId: 'f1', pin: null }),
  comment(12, { item: 'flow', commentId: 'c2', fileId: null, pin: null }),
  entry(13, alma, 'reject', 'screens', status('pending', 'screens'), { ...status('rejected', 'screens'), comment: 'The logo is cut off' }),
  answer(14, 'store-name', 'Nordmarkt Mitte', null),
  // An entry written before entries carried names: no actorName, no answers count.
  entry(15, by('anna.berg'), 'submit', 'screens', status('rejected', 'screens'), status('pending', 'screens')),
  entry(16, alma, 'approve', 'screens', status('pending', 'screens'), status('approved', 'screens')),
  entry(17, anna, 'archive', 'screens', status('approved', 'screens'), status('archived', 'screens')),
  entry(18, anna, 'reassign', 'screens', { owner: 'anna.berg' }, { owner: 'ben' }),
];

type Comment = RequestDetail['comments'][number];
/** Alma's comments: a pin where it has a position, else a note on a file or a comment on the item. */
const itemComment = (
  commentId: string,
  item: string,
  text: string,
  place: Pick<Comment, 'positionX' | 'positionY' | 'fileId' | 'pin' | 'page'>,
  minute: number,
): Comment => ({
  commentId,
  requestStepItemId: `WR-AUDIT234.screens.${item}`,
  comment: text,
  ...place,
  author: 'alma.approver',
  createdAt: at(minute),
});
const note = (fileId: string | null) => ({ positionX: null, positionY: null, fileId, pin: null, page: null });

const detail: RequestDetail = {
  request: {
    id: 'WR-AUDIT234',
    workflowId: 'wf-onboard',
    workflowName: 'New store onboarding',
    workflowVersion: 3,
    customerId: 'P-1',
    workflowStepId: 'screens',
    stepIndex: 1,
    enquiry: 'Please check the colours',
    deleted: 1,
    approved: 1,
    rejected: 0,
    status: 'archived',
    requestedBy: 'anna.berg',
    approvedAt: at(16),
    rejectedAt: at(13),
    editedBy: 'anna.berg',
    createdAt: at(0),
    updatedAt: at(17),
  },
  workflow,
  items: [
    { id: 'WR-AUDIT234.store.store-name', stepId: 'store', itemId: 'store-name', type: 'text', answer: null, files: [] },
    { id: 'WR-AUDIT234.store.tills', stepId: 'store', itemId: 'tills', type: 'number', answer: '1250', files: [] },
    { id: 'WR-AUDIT234.store.opening', stepId: 'store', itemId: 'opening', type: 'date', answer: '2027-03-01', files: [] },
    {
      id: 'WR-AUDIT234.screens.flow',
      stepId: 'screens',
      itemId: 'flow',
      type: 'screenflow',
      answer: null,
      files: [fileOf('f1', 'screen-1.png', 'image/png', { bytes: 900, width: 240, height: 400, uploadedAt: at(7) })],
    },
    {
      id: 'WR-AUDIT234.screens.contract',
      stepId: 'screens',
      itemId: 'contract',
      type: 'file',
      answer: null,
      files: [fileOf('f3', 'contract.pdf', 'application/pdf', { bytes: 5000, pageCount: 3, uploadedAt: at(8) })],
    },
  ],
  comments: [
    itemComment('c1', 'flow', 'Logo too close to the edge', { positionX: 0.2, positionY: 0.1, fileId: 'f1', pin: 2, page: null }, 11),
    itemComment('c3', 'contract', 'Check the signature', { positionX: 0.5, positionY: 0.9, fileId: 'f3', pin: 1, page: 2 }, 11),
    itemComment('c4', 'flow', 'Colours are fine', note('f1'), 12),
    itemComment('c2', 'flow', 'Otherwise fine', note(null), 12),
  ],
  audit,
  change: null,
  may: { answer: false, submit: false, approve: false, reject: false, archive: false },
};

async function trail(locale: string, title: string) {
  fakeBackend({
    'GET /api/auth/status': { body: session(locale) },
    'GET /api/flow/workflow-requests/WR-AUDIT234': { body: detail },
  });
  renderRoute(paths.connect.request('WR-AUDIT234'));
  const card = (await screen.findByRole('heading', { name: title }, { timeout: 15_000 })).parentElement!;
  // The trail's module loads once its place nears the viewport (ADR 156): at once here, where nothing observes it.
  const list = await within(card).findByRole('list', {}, { timeout: 15_000 });
  // Each entry's sentence (and its second line), without the time.
  return within(list)
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent).join(' | '));
}

describe('audit trail in words', () => {
  beforeEach(() => resetSession('connect'));

  it('English: names, values in the user format, before → after, comments and the fallback', async () => {
    expect(await trail('en-US', 'Audit trail')).toEqual([
      'Anna Berg created the request (workflow New store onboarding, version 3)',
      'Anna Berg answered “Store name”: “Nordmarkt”',
      'Anna Berg changed “Store name”: “Nordmarkt” → “Nordmarkt Mitte”',
      'Anna Berg changed “Number of tills”: 4 → 1,250',
      'Anna Berg changed “Opening day”: Jan 15, 2027 → Mar 1, 2027',
      'Anna Berg submitted step “Store data” with 3 answers | Status: Draft → Pending',
      'Alma Approver approved step “Store data” | Status: Pending → Draft',
      'Anna Berg uploaded screen-1.png to “Screens in order”',
      'Anna Berg uploaded old-screen.png to “Screens in order”',
      'Anna Berg removed old-screen.png from “Screens in order”',
      'Anna Berg submitted step “Screens” with 1 answer | Please check the colours',
      'Alma Approver pinned comment 2 on screen-1.png | Logo too close to the edge',
      'Alma Approver pinned comment 1 on page 2 of contract.pdf | Check the signature',
      'Alma Approver added a note to screen-1.png | Colours are fine',
      'Alma Approver commented on “Screens in order” | Otherwise fine',
      'Alma Approver rejected step “Screens” | The logo is cut off',
      'Anna Berg cleared “Store name” (was “Nordmarkt Mitte”)',
      'anna.berg submitted step “Screens” | Status: Rejected → Pending',
      'Alma Approver approved step “Screens”: the request is approved | Status: Pending → Approved',
      'Anna Berg archived the request | Status: Approved → Archived',
      'Anna Berg reassign · screens | owner: anna.berg → ben',
    ]);
  });

  it('German: the same trail in the user language and format', async () => {
    expect(await trail('de-DE', 'Änderungsprotokoll')).toEqual([
      'Anna Berg hat die Anfrage angelegt (Workflow New store onboarding, Version 3)',
      'Anna Berg hat „Store name“ beantwortet: „Nordmarkt“',
      'Anna Berg hat „Store name“ geändert: „Nordmarkt“ → „Nordmarkt Mitte“',
      'Anna Berg hat „Number of tills“ geändert: 4 → 1.250',
      'Anna Berg hat „Opening day“ geändert: 15.01.2027 → 01.03.2027',
      'Anna Berg hat Schritt „Store data“ mit 3 Antworten eingereicht | Status: Entwurf → Offen',
      'Alma Approver hat Schritt „Store data“ freigegeben | Status: Offen → Entwurf',
      'Anna Berg hat screen-1.png zu „Screens in order“ hochgeladen',
      'Anna Berg hat old-screen.png zu „Screens in order“ hochgeladen',
      'Anna Berg hat old-screen.png aus „Screens in order“ entfernt',
      'Anna Berg hat Schritt „Screens“ mit 1 Antwort eingereicht | Please check the colours',
      'Alma Approver hat Markierung 2 auf screen-1.png gesetzt | Logo too close to the edge',
      'Alma Approver hat Markierung 1 auf Seite 2 von contract.pdf gesetzt | Check the signature',
      'Alma Approver hat eine Notiz zu screen-1.png hinzugefügt | Colours are fine',
      'Alma Approver hat „Screens in order“ kommentiert | Otherwise fine',
      'Alma Approver hat Schritt „Screens“ abgelehnt | The logo is cut off',
      'Anna Berg hat die Antwort auf „Store name“ gelöscht (war „Nordmarkt Mitte“)',
      'anna.berg hat Schritt „Screens“ eingereicht | Status: Abgelehnt → Offen',
      'Alma Approver hat Schritt „Screens“ freigegeben: die Anfrage ist freigegeben | Status: Offen → Freigegeben',
      'Anna Berg hat die Anfrage archiviert | Status: Freigegeben → Archiviert',
      'Anna Berg reassign · screens | owner: anna.berg → ben',
    ]);
  });
});
