import { type AuditDetailVocabulary, auditDetailLines, type AuditEntryView, type AuditListQuery } from '@portal/core/audit';
import type { AuditExportFilter, FileLanguage } from '@portal/core/export';
import { numberFormat } from '@portal/core/shared';
import { type Actor, permissionDenied } from '../access/index.ts';
import { auditReaderOf, createAuditService, mayReadAudit } from '../audit/index.ts';
import type { ExportColumn, ExportRow } from '../platform/jobs/file-columns.ts';
import type { ExportContext, ExportSource } from './export-source.ts';

/**
 * The customer's audit log as a file (ADR 116): the list's filter without its page, every entry of it newest
 * first, read through the audit service's own list (ADR 114) page by page. The log is the job owner's
 * customer's, read from the owner's account when the job runs (the request names no customer, so none can
 * name another's); the owner must still hold the team administrator's permission then (else the job fails, 403).
 */
export const AUDIT_COLUMNS: readonly ExportColumn[] = [
  { key: 'at', header: 'Date', kind: 'datetime' },
  { key: 'seq', header: 'Entry', kind: 'number' },
  { key: 'actorName', header: 'Person', kind: 'text' },
  { key: 'actorUsername', header: 'User name', kind: 'text' },
  { key: 'kind', header: 'Event', kind: 'text', labels: 'auditKind' },
  { key: 'subject', header: 'Concerns', kind: 'text' },
  { key: 'ip', header: 'Address', kind: 'text' },
  { key: 'details', header: 'Details', kind: 'text' },
];

/** Entries a list call answers at most (core AuditListQuery's limit). */
const PAGE = 100;

/** Every entry of the filter up to the job's creation (`asOf`), a list page at a time. */
async function* entries(filter: AuditExportFilter, ctx: ExportContext): AsyncGenerator<AuditEntryView[]> {
  const service = createAuditService({ db: ctx.db, now: () => new Date() });
  // The owner's account as it is now: its customer, permissions and brand (the list checks the permission).
  const reader = await auditReaderOf(ctx.db, ctx.username, ctx.timeZone);
  if (!reader) throw permissionDenied();
  let cursor: string | undefined;
  do {
    const query: AuditListQuery = { ...filter, limit: PAGE, ...(cursor ? { cursor } : {}) };
    const page = await service.list(reader, query);
    // What happened after Export was pressed (the export's own download, for one) is left out.
    const kept = page.items.filter((e) => Date.parse(e.at) <= ctx.asOf);
    if (kept.length > 0) yield kept;
    cursor = page.cursor ?? undefined;
  } while (cursor);
}

const personOf = (p: { username: string; name: string } | null) => (p ? p.name.trim() || p.username : null);

/** The file's words for the details in its language (ADR 122): loaded with the first rows, not at the API's cold start. */
async function fileVocabulary(language: FileLanguage): Promise<AuditDetailVocabulary> {
  const words = (await import('@portal/core/audit/file-words')).AUDIT_FILE_WORDS[language];
  const locale = { en: 'en-US', de: 'de-DE', pl: 'pl-PL', fr: 'fr-FR' }[language];
  return {
    label: (name) => words.detailNames[name] ?? null,
    value: (name, code) => words.values[name]?.[code] ?? null,
    permission: (key) => words.permissions[key] ?? null,
    noPermissions: words.noPermissions,
    number: (value) => numberFormat(locale).format(value),
  };
}

/** The details as one cell: "Method: Passkey; Portal: Ordering portal" in the file's language, as the screen says them. */
const detailsOf = (details: AuditEntryView['details'], words: AuditDetailVocabulary) =>
  auditDetailLines(details, words)
    .map((line) => `${line.label}: ${line.value}`)
    .join('; ') || null;

export const auditSource: ExportSource<AuditExportFilter> = {
  kind: 'audit',
  columns: AUDIT_COLUMNS,
  requirePermission(actor: Actor) {
    if (!mayReadAudit(actor.access)) throw permissionDenied();
  },
  // The log is the actor's own customer's: nothing in the filter names an object.
  requireScope: async () => {},
  async count(filter, ctx) {
    let rows = 0;
    for await (const page of entries(filter, ctx)) rows += page.length;
    return rows;
  },
  async *rows(filter, ctx) {
    const words = await fileVocabulary(ctx.language ?? 'en');
    for await (const page of entries(filter, ctx))
      yield page.map((e): ExportRow => ({
        at: e.at,
        seq: e.seq,
        actorName: personOf(e.actor),
        actorUsername: e.actor.username,
        kind: e.kind,
        subject: personOf(e.subject),
        ip: e.ip,
        details: detailsOf(e.details, words),
      }));
  },
  fileStem: (filter) =>
    ['audit-log', filter.from ?? 'start', filter.to ?? 'today', filter.kind, filter.person]
      .filter(Boolean)
      .join('_')
      .replace(/[^A-Za-z0-9._-]/g, '-'),
};
