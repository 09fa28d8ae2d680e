import type { ExportKind, ExportRequest } from '@portal/core/export';
import { auditSource } from './audit-source.ts';
import type { ExportSource } from './export-source.ts';
import { salesSource } from './sales-source.ts';
import { transactionSource } from './transaction-source.ts';

/**
 * The export kinds and their sources (ADR 033): one entry per kind of ExportRequest. A new kind adds its
 * request to core export/export.ts and its source here; the service, the runner and the routes follow.
 */
export type ExportFilterOf<K extends ExportRequest['kind']> = Extract<ExportRequest, { kind: K }>['filter'];
export type ExportSources = { readonly [K in ExportRequest['kind']]: ExportSource<ExportFilterOf<K>> };

/** The source of a stored job's kind (a kind without a source is a deployment mistake: it throws). */
export function sourceOf(sources: ExportSources, kind: ExportKind): ExportSource<unknown> {
  const registered: Partial<ExportSources> = sources;
  const source: ExportSource<unknown> | undefined = registered[kind];
  if (!source) throw new Error(`No export source is registered for kind "${kind}"`);
  return source;
}

/** Every kind's source: the service and the runner of a deployed backend use these. */
export const EXPORT_SOURCES: ExportSources = {
  transactions: transactionSource,
  sales: salesSource,
  audit: auditSource,
};
