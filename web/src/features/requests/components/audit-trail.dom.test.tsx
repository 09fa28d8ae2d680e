import type { SessionStatus } from '@portal/core/auth';
import type { AuditEntry, RequestDetail, Workflow } from '@portal/core/workflow';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn } from '../../../test/fixtures.ts';

// The first render loads the lazy route and its catalogues: on a busy machine over a second.

/**
 * The audit trail in words (ADR 046), in English and German, over a detail with every action the
 * backend writes: names of the workflow version's steps and items (not ids), the actor's name, file names,
 * dates and numbers in the user's format, before → after; an unknown action keeps the raw field text.
 */
const session = (locale: string): SessionStatus => {
  const base = signedIn();
  return { ...base, user: { ...base.user!, locale, modules: { flow: { permissions: { approveRequests: true }, settings: {} } } } };
};

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
const by = (actor: string, actorName?: string) => ({ actor, ...(actorName ? { actorName } : {}) });
const anna = by('anna.berg', 'Anna Berg');
const alma = by('alma.approver', 'Alma Approver');
const audit: AuditEntry[] = [
  { at: at(0), ...anna, action: 'create', stepId: null, before: null, after: { status: 'draft', stepId: 'store', workflowVersion: 3 } },
  {
    at: at(1),
    ...anna,
    action: 'answer',
    stepId: 'store',
    before: { item: 'store-name', answer: null },
    after: { item: 'store-name', answer: 'Nordmarkt' },
  },
  {
    at: at(2),
    ...anna,
    action: 'answer',
    stepId: 'store',
    before: { item: 'store-name', answer: 'Nordmarkt' },
    after: { item: 'store-name', answer: 'Nordmarkt Mitte' },
  },
  {
    at: at(3),
    ...anna,
    action: 'answer',
    stepId: 'store',
    before: { item: 'tills', answer: '4' },
    after: { item: 'tills', answer: '1250' },
  },
  {
    at: at(4),
    ...anna,
    action: 'answer',
    stepId: 'store',
    before: { item: 'opening', answer: '2027-01-15' },
    after: { item: 'opening', answer: '2027-03-01' },
  },
  {
    at: at(5),
    ...anna,
    action: 'submit',
    stepId: 'store',
    before: { status: 'draft', stepId: 'store' },
    after: { status: 'pending', stepId: 'store', answers: 3 },
  },
  {
    at: at(6),
    ...alma,
    action: 'approve',
    stepId: 'store',
    before: { status: 'pending', stepId: 'store' },
    after: { status: 'draft', stepId: 'screens' },
  },
  {
    at: at(7),
    ...anna,
    action: 'upload',
    stepId: 'screens',
    before: null,
    after: { item: 'flow', fileId: 'f1', name: 'screen-1.png', contentType: 'image/png', bytes: 900 },
  },
  {
    at: at(8),
    ...anna,
    action: 'upload',
    stepId: 'screens',
    before: null,
    after: { item: 'flow', fileId: 'f2', name: 'old-screen.png', contentType: 'image/png', bytes: 900 },
  },
  {
    at: at(9),
    ...anna,
    action: 'remove-file',
    stepId: 'screens',
    before: { item: 'flow', fileId: 'f2', name: 'old-screen.png' },
    after: null,
  },
  {
    at: at(10),
    ...anna,
    action: 'submit',
    stepId: 'screens',
    before: { status: 'draft', stepId: 'screens' },
    after: { status: 'pending', stepId: 'screens', answers: 1, enquiry: 'Please check the colours' },
  },
  {
    at: at(11),
    ...alma,
    action: 'comment',
    stepId: 'screens',
    before: null,
    after: { item: 'flow', commentId: 'c1', fileId: 'f1', pin: 2 },
  },
  {
    at: at(11),
    ...alma,
    action: 'comment',
    stepId: 'screens',
    before: null,
    after: { item: 'contract', commentId: 'c3', fileId: 'f3', pin: 1, page: 2 },
  },
  {
    at: at(12),
    ...alma,
    action: 'comment',
    stepId: 'screens',
    before: null,
    after: { item: 'flow', commentId: 'c4', fileId: 'f1', pin: null },
  },
  {
    at: at(12),
    ...alma,
    action: 'comment',
    stepId: 'screens',
    before: null,
    after: { item: 'flow', commentId: 'c2', fileId: null, pin: null },
  },
  {
    at: at(13),
    ...alma,
    action: 'reject',
    stepId: 'screens',
    before: { status: 'pending', stepId: 'screens' },
    after: { status: 'rejected', stepId: 'screens', comment: 'The logo is cut off' },
  },
  {
    at: at(14),
    ...anna,
    action: 'answer',
    stepId: 'store',
    before: { item: 'store-name', answer: 'Nordmarkt Mitte' },
    after: { item: 'store-name', answer: null },
  },
  // An entry written before entries carried names: no actorName, no answers count.
  {
    at: at(15),
    actor: 'anna.berg',
    action: 'submit',
    stepId: 'screens',
    before: { status: 'rejected', stepId: 'screens' },
    after: { status: 'pending', stepId: 'screens' },
  },
  {
    at: at(16),
    ...alma,
    action: 'approve',
    stepId: 'screens',
    before: { status: 'pending', stepId: 'screens' },
    after: { status: 'approved', stepId: 'screens' },
  },
  {
    at: at(17),
    ...anna,
    action: 'archive',
    stepId: 'screens',
    before: { status: 'approved', stepId: 'screens' },
    after: { status: 'archived', stepId: 'screens' },
  },
  { at: at(18), ...anna, action: 'reassign', stepId: 'screens', before: { owner: 'anna.berg' }, after: { owner: 'ben' } },
];

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
      files: [
        {
          fileId: 'f1',
          name: 'screen-1.png',
          contentType: 'image/png',
          bytes: 900,
          width: 240,
          height: 400,
          pageCount: null,
          uploadedAt: at(7),
        },
      ],
    },
    {
      id: 'WR-AUDIT234.screens.contract',
      stepId: 'screens',
      itemId: 'contract',
      type: 'file',
      answer: null,
      files: [
        {
          fileId: 'f3',
          name: 'contract.pdf',
          contentType: 'application/pdf',
          bytes: 5000,
          width: null,
          height: null,
          pageCount: 3,
          uploadedAt: at(8),
        },
      ],
    },
  ],
  comments: [
    {
      commentId: 'c1',
      requestStepItemId: 'WR-AUDIT234.screens.flow',
      comment: 'Logo too close to the edge',
      positionX: 0.2,
      positionY: 0.1,
      fileId: 'f1',
      pin: 2,
      page: null,
      author: 'alma.approver',
      createdAt: at(11),
    },
    {
      commentId: 'c3',
      requestStepItemId: 'WR-AUDIT234.screens.contract',
      comment: 'Check the signature',
      positionX: 0.5,
      positionY: 0.9,
      fileId: 'f3',
      pin: 1,
      page: 2,
      author: 'alma.approver',
      createdAt: at(11),
    },
    {
      commentId: 'c4',
      requestStepItemId: 'WR-AUDIT234.screens.flow',
      comment: 'Colours are fine',
      positionX: null,
      positionY: null,
      fileId: 'f1',
      pin: null,
      page: null,
      author: 'alma.approver',
      createdAt: at(12),
    },
    {
      commentId: 'c2',
      requestStepItemId: 'WR-AUDIT234.screens.flow',
      comment: 'Otherwise fine',
      positionX: null,
      positionY: null,
      fileId: null,
      pin: null,
      page: null,
      author: 'alma.approver',
      createdAt: at(12),
    },
  ],
  audit,
  may: { answer: false, submit: false, approve: false, reject: false, archive: false },
};

async function trail(locale: string, title: string) {
  fakeBackend({
    'GET /api/auth/status': { body: session(locale) },
    'GET /api/flow/workflow-requests/WR-AUDIT234': { body: detail },
  });
  renderRoute(paths.connect.request('WR-AUDIT234'));
  const list = (await screen.findByRole('heading', { name: title }, { timeout: 15_000 })).parentElement!.querySelector('ol')!;
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
