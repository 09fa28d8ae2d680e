import { type ConnectSectionKey, mayUseConnectSection, type SessionStatus } from '@portal/core/auth';
import type { MessageKey } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';

/**
 * The connect portal's sections (SPEC 1, 2), in navigation order (router.tsx says which have a screen). The router
 * imports this table, so it stays free of the data layer (lib/auth, lib/session: app/data-bridge.ts).
 */
export interface ConnectSection {
  key: ConnectSectionKey;
  /** Its URL, also the route path it is matched with. */
  path: string;
  label: MessageKey;
}

const c = paths.connect;
export const CONNECT_SECTIONS: readonly ConnectSection[] = [
  { key: 'serial-numbers', path: c.serialNumbers, label: 'connect.serialNumbers' },
  { key: 'transactions', path: c.transactions, label: 'connect.transactions' },
  { key: 'imports', path: c.imports, label: 'connect.imports' },
  { key: 'sales', path: c.sales, label: 'connect.sales' },
  { key: 'reports', path: c.reports, label: 'connect.reports' },
  { key: 'news', path: c.news, label: 'connect.news' },
  { key: 'documents', path: c.documents, label: 'connect.documents' },
  { key: 'company', path: c.company, label: 'connect.company' },
  { key: 'logo', path: c.logo, label: 'connect.logo' },
  { key: 'products', path: c.products, label: 'connect.products' },
  {
    key: 'product-allocation',
    path: c.productAllocation,
    label: 'connect.productAllocation',
  },
  { key: 'requests', path: c.requests, label: 'connect.requests' },
  { key: 'team', path: c.team, label: 'connect.team' },
  { key: 'audit-log', path: c.auditLog, label: 'connect.auditLog' },
];

/** Whether the session's module permissions open `section` (core's one table, ADR 031). */
export const mayUseSection = (status: SessionStatus | undefined, section: ConnectSection): boolean =>
  mayUseConnectSection(status?.user?.modules, section.key);

/** The sections the session's module permissions open, in navigation order: the nav and the home tiles. */
export const connectSectionsOf = (status: SessionStatus | undefined): ConnectSection[] =>
  CONNECT_SECTIONS.filter((section) => mayUseSection(status, section));
