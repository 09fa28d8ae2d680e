import { describe, expect, it, vi } from 'vitest';
import {
  InvalidJobEventError,
  type JobHandler,
  jobEntry,
  parseScheduledJobEvent,
  type ReportJobPayload,
  reportSchedulePayload,
  runScheduledJob,
  type ScheduledJobKind,
  UnknownJobKindError,
} from './dispatch.ts';
import { ContextAttribute } from './port.ts';

describe('parseScheduledJobEvent', () => {
  it('accepts a report event, with or without scheduledFor', () => {
    expect(parseScheduledJobEvent({ kind: 'report', processId: 'P-1' })).toEqual({
      kind: 'report',
      processId: 'P-1',
    });
    expect(parseScheduledJobEvent({ kind: 'report', processId: 'P-1', scheduledFor: '2026-03-01T05:00:00Z' })).toEqual({
      kind: 'report',
      processId: 'P-1',
      scheduledFor: '2026-03-01T05:00:00Z',
    });
  });

  it.each([
    [null, /expected object/],
    [{ kind: 'cleanup', processId: 'P-1' }, /kind/],
    [{ kind: 'report' }, /processId/],
    [{ kind: 'report', processId: '' }, /processId/],
    [{ kind: 'report', processId: 'P-1', scheduledFor: ContextAttribute.scheduledTime }, /scheduledFor/],
  ])('rejects %j with a clear message', (event, message) => {
    expect(() => parseScheduledJobEvent(event)).toThrow(InvalidJobEventError);
    expect(() => parseScheduledJobEvent(event)).toThrow(message);
  });
});

describe('runScheduledJob', () => {
  const payload: ReportJobPayload = {
    kind: 'report',
    processId: 'P-1',
    scheduledFor: '2026-03-01T05:00:00Z',
  };

  it('runs the job registered for the kind', async () => {
    const run = vi.fn(async (_p: ReportJobPayload) => {});
    await runScheduledJob(payload, new Map([jobEntry('report', run)]));
    expect(run).toHaveBeenCalledWith(payload);
  });

  it('throws a clear error for a kind without a job, so the event is retried and dead-lettered', async () => {
    await expect(runScheduledJob(payload, new Map<ScheduledJobKind, JobHandler>())).rejects.toThrow(
      new UnknownJobKindError('No job is registered for kind "report" (registered: none)'),
    );
  });

  it('lets job failures propagate', async () => {
    const jobs = new Map([jobEntry('report', async () => Promise.reject(new Error('report failed')))]);
    await expect(runScheduledJob(payload, jobs)).rejects.toThrow('report failed');
  });

  it('reportSchedulePayload asks for the scheduled time', () => {
    expect(reportSchedulePayload('P-1')).toEqual({
      kind: 'report',
      processId: 'P-1',
      scheduledFor: '<aws.scheduler.scheduled-time>',
    });
  });
});
