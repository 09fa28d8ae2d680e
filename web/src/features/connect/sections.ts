import type { MessageKey } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';

/** The connect portal's sections (SPEC 1, 2), in navigation order. Each opens in a later release. */
export interface ConnectSection {
  key: string;
  path: string;
  /** Route path relative to /connect. */
  route: string;
  label: MessageKey;
}

const c = paths.connect;
export const CONNECT_SECTIONS: readonly ConnectSection[] = [
  { key: 'serial-numbers', path: c.serialNumbers, route: 'serial-numbers', label: 'connect.serialNumbers' },
  { key: 'transactions', path: c.transactions, route: 'transactions', label: 'connect.transactions' },
  { key: 'sales', path: c.sales, route: 'sales', label: 'connect.sales' },
  { key: 'reports', path: c.reports, route: 'reports', label: 'connect.reports' },
  { key: 'news', path: c.news, route: 'news', label: 'connect.news' },
  { key: 'documents', path: c.documents, route: 'documents', label: 'connect.documents' },
  { key: 'logo', path: c.logo, route: 'logo', label: 'connect.logo' },
  {
    key: 'product-allocation',
    path: c.productAllocation,
    route: 'product-allocation',
    label: 'connect.productAllocation',
  },
  { key: 'requests', path: c.requests, route: 'requests', label: 'connect.requests' },
];
