import { AUDIT_KINDS, type AuditKind } from '@portal/core/audit';
import { type CalendarDate, DATE_PRESETS, type DatePreset, isOneOf, presetDates } from '@portal/core/shared';

/**
 * The audit log's filter as the URL holds it (ADR 116): person, kind, the date range (a preset or
 * typed days), and the cursor of the page shown. Everything the screen shows is in the URL, so a search is
 * a link and the back button steps through searches and pages. Pure, unit-tested.
 */

export type AuditPreset = DatePreset | 'custom';

export interface AuditFilter {
  /** A username of the customer's, or '' for everyone. */
  person: string;
  kind: AuditKind | '';
  preset: AuditPreset;
  /** 'YYYY-MM-DD' or '' (no bound). */
  from: CalendarDate | '';
  to: CalendarDate | '';
}

export interface AuditView {
  filter: AuditFilter;
  /** The cursor of the page shown; undefined = the newest entries. */
  cursor: string | undefined;
}

/** The default range: the last 31 days up to today (SPEC 4's `month` preset) — what an administrator looks at first. */
export const DEFAULT_AUDIT_PRESET: DatePreset = 'month';
/** Entries per page: the server's default page (core AuditListQuery's limit). */
export const AUDIT_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A cursor as core's AuditCursor accepts it; anything else in a URL is dropped (the list starts over). */
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/** The filter with a preset's dates for `today`; 'none' clears both dates. */
export function withPreset(filter: AuditFilter, preset: DatePreset, today: CalendarDate): AuditFilter {
  const dates = presetDates(preset, today);
  return { ...filter, preset, from: dates?.[0] ?? '', to: dates?.[1] ?? '' };
}

export const defaultAuditFilter = (today: CalendarDate): AuditFilter =>
  withPreset({ person: '', kind: '', preset: DEFAULT_AUDIT_PRESET, from: '', to: '' }, DEFAULT_AUDIT_PRESET, today);

/**
 * The view of the URL's search params. A URL without a range has the default preset; `preset=custom`
 * (or dates without a preset) takes the dates as given; a known preset is worked out for `today`, so a link
 * saying "the last 7 days" stays that. Unknown kinds and malformed cursors are dropped.
 */
export function viewFromParams(params: URLSearchParams, today: CalendarDate): AuditView {
  const kindParam = params.get('kind') ?? '';
  const base = {
    person: (params.get('person') ?? '').trim().slice(0, 200),
    kind: isOneOf(AUDIT_KINDS, kindParam) ? kindParam : ('' as const),
  };
  const presetParam = params.get('preset');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  let filter: AuditFilter;
  if (isOneOf(DATE_PRESETS, presetParam)) filter = withPreset({ ...base, preset: presetParam, from: '', to: '' }, presetParam, today);
  else if (presetParam === 'custom' || from || to) filter = { ...base, preset: 'custom', from, to };
  else filter = { ...defaultAuditFilter(today), ...base };
  const cursor = params.get('cursor') ?? '';
  return { filter, cursor: CURSOR.test(cursor) ? cursor : undefined };
}

/** The URL of a view: a preset is named by itself (its dates follow the day), a custom range by its dates. */
export function paramsOfView({ filter, cursor }: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.person.trim()) params.set('person', filter.person.trim());
  if (filter.kind) params.set('kind', filter.kind);
  params.set('preset', filter.preset);
  if (filter.preset === 'custom') {
    if (filter.from) params.set('from', filter.from);
    if (filter.to) params.set('to', filter.to);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

export type RangeProblem = 'invalidDate' | 'endBeforeStart' | null;

/** Why a range cannot be asked for: a malformed day, or an end before the start. Empty bounds are fine. */
export function rangeProblem({ from, to }: Pick<AuditFilter, 'from' | 'to'>): RangeProblem {
  if ((from && !DAY.test(from)) || (to && !DAY.test(to))) return 'invalidDate';
  if (from && to && to < from) return 'endBeforeStart';
  return null;
}

/** The list's query string (core AuditListQuery, as strings); null while the range has a problem. */
export type AuditQueryParams = { person?: string; kind?: AuditKind; from?: string; to?: string; cursor?: string; limit: string };

export function auditQuery({ filter, cursor }: AuditView): AuditQueryParams | null {
  if (rangeProblem(filter)) return null;
  return {
    ...(filter.person.trim() ? { person: filter.person.trim() } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(cursor ? { cursor } : {}),
    limit: String(AUDIT_PAGE_SIZE),
  };
}

/** The export's filter: the list's without the page (core's AuditExportFilter). */
export type AuditExportFilter = { person?: string; kind?: AuditKind; from?: string; to?: string };

/** What the export exports: the applied filter without the page; null while the range has a problem. */
export function exportFilterOf({ filter }: AuditView): AuditExportFilter | null {
  const query = auditQuery({ filter, cursor: undefined });
  if (!query) return null;
  const { limit: _, cursor: __, ...rest } = query;
  return rest;
}
