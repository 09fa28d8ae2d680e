import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../../../tests/support/test-backend.ts';
import { REPORT_LEASE_MS } from './report-job-entity.ts';
import { metricLine, type ReportLaunch, reportJobsFromConfig } from './report-jobs-from-config.ts';
import { claimWaitingParts, slotsHeld, waitForSlots } from './report-slot-entity.ts';

/**
 * The fixed-rate sweep of the part slots (ADR 104) against DynamoDB Local: parts whose launches were
 * lost hold their slots until their leases pass; with no part ending and no job fanning out afterwards, only
 * the scheduled sweep frees them and starts what waits, through the launcher the runner uses.
 */
const START = new Date('2026-12-01T00:00:00Z');
let backend: Backend;

beforeAll(async () => {
  backend = await createTestBackend(() => START);
});

describe('the scheduled sweep of report part slots (ADR 077)', () => {
  it('frees holds whose lease passed and launches waiting parts up to the free slots; a second run does nothing', async () => {
    let at = START;
    const launched: ReportLaunch[] = [];
    const metrics: [string, number][] = [];
    const reports = reportJobsFromConfig(backend.config, {
      db: backend.db,
      now: () => at,
      launcher: { launch: async (payload) => void launched.push(payload) },
      runner: { metric: (name, value) => void metrics.push([name, value]) },
    });
    // A job of 4 parts, 2 of them at once (its keys' shares): parts 0 and 1 claimed, their launches lost.
    await waitForSlots(backend.db, 'sweep-job-1', [0, 1, 2, 3], 60, 2, at);
    expect(await claimWaitingParts(backend.db, 200, at, REPORT_LEASE_MS)).toEqual([
      { jobId: 'sweep-job-1', part: 0 },
      { jobId: 'sweep-job-1', part: 1 },
    ]);

    // Within the leases the sweep leaves them: the parts may still be running.
    at = new Date(START.getTime() + REPORT_LEASE_MS - 1);
    await reports.sweepSlots();
    expect(launched).toEqual([]);
    expect(await slotsHeld(backend.db)).toBe(2);
    expect(metrics).toEqual([]);

    // Past them: both freed and back in line behind parts 2 and 3, and the job's 2 slots taken again.
    at = new Date(START.getTime() + REPORT_LEASE_MS + 1);
    await reports.sweepSlots();
    expect(launched).toEqual([
      { kind: 'report-part', jobId: 'sweep-job-1', part: 2 },
      { kind: 'report-part', jobId: 'sweep-job-1', part: 3 },
    ]);
    expect(await slotsHeld(backend.db)).toBe(2);
    // Two parts ran past their slot's lease without finishing: counted for the overdue-parts alarm (ADR 093).
    expect(metrics).toEqual([['OverdueReportParts', 2]]);

    // Again at once: nothing expired, no room under the job's limit.
    await reports.sweepSlots();
    expect(launched).toHaveLength(2);
    expect(await slotsHeld(backend.db)).toBe(2);
    expect(metrics).toHaveLength(1);
  });

  it('writes the count as a CloudWatch embedded metric line with the stage as its dimension', () => {
    expect(JSON.parse(metricLine('prod', 'OverdueReportParts', 2, 1_000))).toEqual({
      _aws: {
        Timestamp: 1_000,
        CloudWatchMetrics: [
          { Namespace: 'Portal/Reports', Dimensions: [['Stage']], Metrics: [{ Name: 'OverdueReportParts', Unit: 'Count' }] },
        ],
      },
      Stage: 'prod',
      OverdueReportParts: 2,
    });
  });
});
