import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, signInToConnect, useBrowser } from '../support/browser.ts';

/**
 * Company changes that take effect on approval (ADR 085) against `npm start`: demo.connect saves a new invoice
 * e-mail on the Company screen of the default brand (which asks for approval), sees it sent for approval; the
 * demo's earlier pending change is archived first so this one may be filed. demo.approver approves it on the
 * request screen, where the diff shows; the profile then holds the new value, and a second approval changes nothing.
 */
const baseUrl = e2eLane().baseUrl;
const NEW_EMAIL = `billing-${Date.now().toString(36)}@aurora.example`;
const { freshPage } = useBrowser();

const api = async (page: Awaited<ReturnType<typeof freshPage>>, method: 'get' | 'post' | 'delete', path: string) => {
  const res = await page.request[method](`${baseUrl}/api${path}`, {
    headers: { 'X-Portal': 'connect', 'Content-Type': 'application/json' },
    data: {},
  });
  return { status: res.status(), body: JSON.parse((await res.text()).replace(/^\)\]\}',\n/, '') || '{}') as Record<string, unknown> };
};

describe('connect company', () => {
  it('a company profile change is approved and applied once', async () => {
    const requester = await freshPage();
    await signInToConnect(requester, baseUrl, demoAccount('demo.connect'));
    // The seed's pending change holds the profile's lock: archive it (the requester may), as a user would.
    const before = (await api(requester, 'get', '/company')).body as { pending: { requestId: string }[] };
    for (const p of before.pending) expect((await api(requester, 'delete', `/flow/workflow-requests/${p.requestId}`)).status).toBe(204);

    await requester.goto(`${baseUrl}/connect/company`);
    await requester.getByRole('button', { name: 'Edit profile' }).click();
    await requester.getByLabel('Invoice e-mail').fill(NEW_EMAIL);
    await requester.getByRole('button', { name: 'Save' }).click();
    const sent = requester.getByText(/Sent for approval as request (WR-\w+)/);
    await sent.waitFor();
    const requestId = /WR-\w+/.exec((await sent.innerText()) ?? '')![0];
    await requester.getByRole('link', { name: `Open request ${requestId}` }).waitFor();
    await shoot(requester, 'company-pending');

    const approver = await freshPage();
    await signInToConnect(approver, baseUrl, demoAccount('demo.approver'));
    await approver.goto(`${baseUrl}/connect/requests/${requestId}`);
    await approver.getByRole('heading', { name: 'Proposed change' }).waitFor();
    await approver.getByRole('cell', { name: NEW_EMAIL }).waitFor();
    await approver.getByRole('button', { name: 'Approve' }).click();
    await approver.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await approver.getByText('Approved', { exact: true }).first().waitFor();

    const again = await api(approver, 'post', `/flow/workflow-requests/${requestId}/approve`);
    expect(again.status).toBe(409);
    await requester.reload();
    await requester.getByText(NEW_EMAIL).first().waitFor();
    const after = (await api(requester, 'get', '/company')).body as {
      profile: { invoiceEmail: string };
      history: { requestId: string | null }[];
    };
    expect(after.profile.invoiceEmail).toBe(NEW_EMAIL);
    expect(after.history.filter((h) => h.requestId === requestId)).toHaveLength(1);
  });
});
