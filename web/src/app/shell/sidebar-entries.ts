import { maySeeSection, type PendingAccountStep, type SessionUser } from '@portal/core/auth';
import { questionnaireHref } from '../../features/questionnaire/model/questionnaire.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';

/**
 * What the ordering shell's sidebar shows, as plain data (unit-tested in nav-items.test.ts); SidebarNav only
 * renders it. Apart from nav-items.ts (the footer's entries), which the login page's public shell loads.
 */

export type NavIcon = 'cart' | 'star' | 'list' | 'store' | 'chart' | 'ticket' | 'shield' | 'users';

export interface SidebarLink {
  key: string;
  label: MessageKey;
  /** A second line, e.g. 'Place new order'. */
  hint?: MessageKey;
  to: string;
  icon: NavIcon;
  /** An external address: the entry opens it in a new tab instead of navigating to `to`. */
  href?: string;
}
export type SidebarEntry = { kind: 'group'; key: string; label: MessageKey; items: SidebarLink[] } | ({ kind: 'link' } & SidebarLink);

/**
 * The ordering sidebar (SPEC 2): the Orders group (New Order, Evaluate Service, Orders), Retailer, Sales
 * Couponing and Users (the customer's own administrator, ADR 113), each shown only when the user's ordering permissions open its section (core's
 * `maySeeSection`, the table the route guard uses too: Orders need cardOrdering, Retailer cardOrdering
 * or retailerSales, Sales retailerSales, Couponing couponingManagement, Users manageTeam). Every permission reads false
 * once authorization has failed. Evaluate Service opens the brand's external questionnaire in a new tab
 * and is left out while it is not offered (`questionnaireHref`: no address, or disableQuestionnaire).
 * While a step of the account is pending (ADR 017) the only entry leads to where it is taken.
 */
export function sidebarEntries(
  modules: SessionUser['modules'] | null | undefined,
  authorizationFailed: boolean,
  questionnaireUrl?: string | null,
  pendingStep: PendingAccountStep | null = null,
): SidebarEntry[] {
  if (pendingStep === 'mfaSetUp') {
    return [{ kind: 'link', key: 'mfa-setup', label: 'nav.mfaSetup', to: paths.app.mfaSetup, icon: 'shield' }];
  }
  if (pendingStep === 'passwordExpired') {
    return [{ kind: 'link', key: 'my-account', label: 'nav.myAccount', to: paths.app.myAccount, icon: 'shield' }];
  }
  const permissions = authorizationFailed ? null : modules?.ordering?.permissions;
  const open = (link: SidebarLink) => maySeeSection(link.to, permissions);
  const questionnaire = questionnaireHref(questionnaireUrl, authorizationFailed ? null : modules?.ordering?.settings);
  const orders: SidebarLink[] = [
    { key: 'new-order', label: 'nav.newOrder', hint: 'nav.newOrderHint', to: paths.app.order.address, icon: 'cart' },
  ];
  if (questionnaire) {
    orders.push({
      key: 'evaluate-service',
      label: 'nav.evaluateService',
      hint: 'nav.evaluateServiceHint',
      to: paths.app.questionnaire,
      href: questionnaire,
      icon: 'star',
    });
  }
  orders.push({ key: 'orders', label: 'nav.orders', to: paths.app.orders, icon: 'list' });
  const links: SidebarLink[] = [
    { key: 'retailer', label: 'nav.retailer', to: paths.app.retailerSelection, icon: 'store' },
    { key: 'sales', label: 'nav.sales', to: paths.app.sales, icon: 'chart' },
    { key: 'couponing', label: 'nav.couponing', to: paths.app.couponing.serials, icon: 'ticket' },
    { key: 'team', label: 'nav.team', to: paths.app.team, icon: 'users' },
    // The customer's own administrator (ordering manageTeam): its customer's audit log (ADR 116).
    { key: 'audit-log', label: 'nav.auditLog', to: paths.app.auditLog, icon: 'shield' },
  ];
  const entries: SidebarEntry[] = [];
  const openOrders = orders.filter(open);
  if (openOrders.length > 0) entries.push({ kind: 'group', key: 'orders-group', label: 'nav.ordersGroup', items: openOrders });
  for (const link of links.filter(open)) entries.push({ kind: 'link', ...link });
  return entries;
}
