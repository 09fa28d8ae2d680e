import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { masterDataFixture, signedInWithModule } from '../../../test/fixtures.ts';

/**
 * The new report's form is a route module of its own (ADR 154): a link to it shows the form without downloading the
 * report page's module (its schedule form with the time-zone picker, its lower panels), which a report's page loads.
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./report-route.tsx', async (original) => {
  loaded.add('report page');
  return original();
});
vi.mock('../components/schedule-form.tsx', async (original) => {
  loaded.add('schedule form');
  return original();
});

describe('the new report form', () => {
  beforeEach(() => {
    loaded.clear();
    resetSession('connect');
    fakeBackend({
      'GET /api/auth/status': { body: signedInWithModule('reportManagement', { reports: true, schedule: true, recipients: true }) },
      'GET /api/master-data': {
        body: masterDataFixture({
          providers: [{ customerId: 'P-1', name: 'Provider One' }],
          customers: [{ customerId: 'P-1', name: 'Provider One' }],
        }),
      },
    });
  });

  it('shows the definition form without the report page’s module', async () => {
    renderRoute(`${paths.connect.newReport}?customer=P-1`);
    expect(await screen.findByRole('button', { name: 'Create report' })).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All reports' })).toBeTruthy();
    expect([...loaded]).toEqual([]);
  });
});
