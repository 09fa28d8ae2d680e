import { createHash, randomBytes } from 'node:crypto';
import {
  type CustomReportInput,
  GENERAL_REPORTS,
  generalProcessId,
  isGeneralReportId,
  REPORT,
  type Report,
  reportColumnsProblem,
  reportFilterProblem,
} from '@portal/core/report';
import type { Actor } from '../access/index.ts';
import { AppError } from '../errors.ts';
import { createOnce, readReplay } from '../platform/db/idempotency.ts';
import {
  customDefinition,
  deleteReportPartition,
  generalDefinition,
  getCustomReport,
  listCustomReports,
  newCustomReportPut,
  replaceCustomReport,
  reportIdempotencyKey,
  schedulesAndStats,
  type StoredCustomReport,
} from './report-entity.ts';
import { removeSchedule } from './schedule-service.ts';
import { auditReportChange } from './report-audit.ts';
import { type ReportContext, notFound, customerNotFound, reportView } from './report-access.ts';

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
/** Custom processIds: short, URL- and schedule-name-safe, unguessable. */
const newProcessId = () => `cr-${randomBytes(9).toString('base64url')}`;

/** The columns and filter a report type takes (core rules) as 400 REPORT.* with the field. */
function checkDefinition(input: Pick<CustomReportInput, 'reportType' | 'columns' | 'filter'>) {
  const columns = reportColumnsProblem(input.reportType, input.columns);
  if (columns) throw new AppError('input', REPORT.COLUMNS_INVALID, columns, { issues: [{ path: 'columns', message: columns }] });
  const filter = reportFilterProblem(input.reportType, input.filter);
  if (filter)
    throw new AppError('input', REPORT.FILTER_INVALID, filter.message, {
      issues: [{ path: `filter.${filter.field}`, message: filter.message }],
    });
}

/** General and custom report definitions (ADR 040): list, read, create, change, delete. */
export function reportDefinitions(ctx: ReportContext) {
  const { db, now, scheduler, brandReportIds, requireBit, visibleCustomer, reportOf, customOf, viewOf } = ctx;
  async function replayCreate(actor: Actor, key: string, hash: string): Promise<Report | null> {
    const record = await readReplay<{ processId: string }>(db, reportIdempotencyKey(actor.username, key), now(), hash, 'report');
    if (!record) return null;
    const custom = await getCustomReport(db, record.processId, true);
    if (!custom) throw notFound();
    return viewOf(customDefinition(custom), custom.updatedAt);
  }

  return {
    /** GET /flow/reports: the brand's general reports for the customer, or the customer's custom reports. */
    async list(actor: Actor, customerId: string, kind: 'general' | 'custom', host: string | undefined): Promise<{ reports: Report[] }> {
      requireBit(actor, 'reports');
      const customer = await visibleCustomer(actor, customerId);
      if (!customer) throw customerNotFound();
      const at = now().toISOString();
      // A general report is listed for the customers that have its data (a provider has no coupon cards or orders).
      const kinds = customer.roles ?? [customer.kind];
      const entries =
        kind === 'general'
          ? [...new Set(await brandReportIds(host))]
              .filter(isGeneralReportId)
              .filter((id) => GENERAL_REPORTS[id].customerKinds.some((k) => kinds.includes(k)))
              .map((id) => ({ definition: generalDefinition(generalProcessId(id, customerId))!, updatedAt: at }))
          : (await listCustomReports(db, customerId)).map((r) => ({ definition: customDefinition(r), updatedAt: r.updatedAt }));
      const extra = await schedulesAndStats(
        db,
        entries.map((e) => e.definition.processId),
      );
      return {
        reports: entries.map(({ definition, updatedAt }) => {
          const { schedule, stats } = extra.get(definition.processId)!;
          return reportView(definition, schedule, stats, updatedAt);
        }),
      };
    },

    async get(actor: Actor, processId: string): Promise<Report> {
      requireBit(actor, 'reports');
      const { definition, custom } = await reportOf(actor, processId);
      return viewOf(definition, custom?.updatedAt ?? now().toISOString());
    },

    /** POST /flow/custom-reports (Idempotency-Key: a retry answers the report already made). */
    async createCustom(actor: Actor, input: CustomReportInput, key: string): Promise<Report> {
      requireBit(actor, 'reports');
      if (!(await visibleCustomer(actor, input.customerId))) throw customerNotFound();
      checkDefinition(input);
      const hash = hashOf(input);
      const earlier = await replayCreate(actor, key, hash);
      if (earlier) return earlier;
      const at = now();
      const report: StoredCustomReport = {
        processId: newProcessId(),
        customerId: input.customerId,
        name: input.name,
        reportType: input.reportType,
        filter: input.filter,
        columns: input.columns,
        format: input.format,
        createdBy: actor.username,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
        version: 1,
      };
      const record = {
        key: reportIdempotencyKey(actor.username, key),
        type: 'reportIdempotency',
        hash,
        made: { processId: report.processId },
      };
      return createOnce(
        db,
        at,
        { writes: [newCustomReportPut(db, report)], record },
        {
          replay: () => replayCreate(actor, key, hash),
          created: async () => {
            await auditReportChange(ctx, actor, 'report.changed', { report: report.name, change: 'created' });
            return reportView(
              customDefinition(report),
              null,
              { reportsCreated: 0, sentByEmail: 0, copiedByFtp: 0, recipientCount: 0, lastRunAt: null },
              report.updatedAt,
            );
          },
        },
      );
    },

    /** PUT /flow/custom-reports/:processId: the definition (not the customer) is replaced. */
    async updateCustom(actor: Actor, processId: string, input: Omit<CustomReportInput, 'customerId'>): Promise<Report> {
      requireBit(actor, 'reports');
      const { custom } = await customOf(actor, processId);
      checkDefinition(input);
      const next: StoredCustomReport = {
        ...custom,
        name: input.name,
        reportType: input.reportType,
        filter: input.filter,
        columns: input.columns,
        format: input.format,
        updatedAt: now().toISOString(),
        version: custom.version + 1,
      };
      if (!(await replaceCustomReport(db, next, custom.version))) {
        throw new AppError('conflict', REPORT.NOT_FOUND, 'The report was changed or deleted meanwhile. Please reload it.');
      }
      await auditReportChange(ctx, actor, 'report.changed', { report: next.name, change: 'changed' });
      return viewOf(customDefinition(next), next.updatedAt);
    },

    /** DELETE: the schedule at the Scheduler first (no fire of a half-deleted report), then the items. */
    async deleteCustom(actor: Actor, processId: string): Promise<void> {
      requireBit(actor, 'reports');
      const { custom } = await customOf(actor, processId);
      if (scheduler) await removeSchedule(scheduler, processId);
      if (!(await deleteReportPartition(db, processId, custom.version))) throw notFound();
      await auditReportChange(ctx, actor, 'report.changed', { report: custom.name, change: 'deleted' });
    },
  };
}
