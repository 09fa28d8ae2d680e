import { EXPORT_SPLIT_MESSAGE } from '@portal/core/export';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../../i18n/index.ts';
import { fakeBackend } from '../../../test/dom.tsx';
import { exportJobFixture } from '../../../test/fixtures.ts';
import { ExportPanel } from '../index.ts';

/** The export panel against a fake API: start, progress, the split message, downloads, failure and retry. */
const filter = { customerId: 'R-1', startDate: '2026-11-01', endDate: '2026-11-20' };
const job = exportJobFixture;

beforeAll(() => loadCatalogue('exports'));

function renderPanel(target: Parameters<typeof ExportPanel>[0]['target'] = { kind: 'transactions', filter }) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ExportPanel target={target} />
    </SWRConfig>,
  );
}

describe('ExportPanel', () => {
  it('starts the chosen format, shows progress and the split message, then one download per file', async () => {
    const polls = [
      job({ status: 'running', rowsWritten: 500_000, totalRows: 2_000_000, split: true }),
      job({
        status: 'done',
        rowsWritten: 2_000_000,
        totalRows: 2_000_000,
        split: true,
        files: [
          { index: 0, name: 'tx_part-1.xlsx', rows: 1_000_000 },
          { index: 1, name: 'tx_part-2.xlsx', rows: 1_000_000 },
        ],
      }),
    ];
    const backend = fakeBackend({
      'POST /api/exports': { status: 202, body: job({}) },
      'GET /api/exports/job-0000-0001': () => ({ body: polls.length > 1 ? polls.shift() : polls[0] }),
      'GET /api/exports/job-0000-0001/files/1': {
        body: { url: 'http://s3.test/exports/x?X-Amz-Expires=300', name: 'tx_part-2.xlsx', expiresAt: '2026-11-25T01:05:00.000Z' },
      },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPanel();
    fireEvent.click(screen.getByLabelText('Excel (XLSX)'));
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    await screen.findByText('Exporting… 500,000 of 2,000,000 rows');
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText(EXPORT_SPLIT_MESSAGE)).toBeTruthy();
    expect(backend.callsTo('POST', '/api/exports')[0]!.body).toEqual({ kind: 'transactions', format: 'xlsx', filter });

    const part2 = await screen.findByRole('button', { name: /Download part 2 of 2/ }, { timeout: 4000 });
    expect(screen.getByText('Export ready: 2,000,000 rows.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download part 1 of 2/ })).toBeTruthy();
    fireEvent.click(part2);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://s3.test/exports/x?X-Amz-Expires=300'));
  });

  it('a failed job offers to try again, which starts a new job', async () => {
    const backend = fakeBackend({
      'POST /api/exports': { status: 202, body: job({}) },
      'GET /api/exports/job-0000-0001': { body: job({ status: 'failed', error: 'The export could not be completed. Please try again.' }) },
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    await screen.findByText('The export could not be completed.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await backend.bodyOfCall('POST', '/api/exports', 2)).toMatchObject({ format: 'csv' });
  });

  it('without an exportable filter the start button is off and says why', () => {
    fakeBackend({});
    renderPanel(null);
    expect((screen.getByRole('button', { name: 'Start export' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Choose a customer and a valid date range to export.')).toBeTruthy();
  });
});
