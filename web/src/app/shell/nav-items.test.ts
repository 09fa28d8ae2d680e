import { describe, expect, it } from 'vitest';
import { footerItems, footerLogoTarget, myAccountPath, splitBottomBar } from './nav-items.ts';
import { type SidebarEntry, sidebarEntries } from './sidebar-entries.ts';

const modules = (permissions: Record<string, boolean>, settings: Record<string, boolean> = {}) => ({
  ordering: { permissions, settings },
});
const keys = (entries: SidebarEntry[]) => entries.flatMap((e) => (e.kind === 'group' ? [e.key, ...e.items.map((i) => i.key)] : [e.key]));

const QUESTIONNAIRE = 'https://survey.example.com/s/abc';

describe('sidebarEntries (SPEC 2)', () => {
  it('shows everything to a user with all three permissions', () => {
    const all = modules({ cardOrdering: true, retailerSales: true, couponingManagement: true });
    expect(keys(sidebarEntries(all, false, QUESTIONNAIRE))).toEqual([
      'orders-group',
      'new-order',
      'evaluate-service',
      'orders',
      'retailer',
      'sales',
      'couponing',
    ]);
  });

  it('hides Evaluate Service when the questionnaire is disabled', () => {
    const m = modules({ cardOrdering: true }, { disableQuestionnaire: true });
    expect(keys(sidebarEntries(m, false, QUESTIONNAIRE))).toEqual(['orders-group', 'new-order', 'orders', 'retailer']);
  });

  it('hides Evaluate Service when the brand has no (usable) questionnaire address', () => {
    const m = modules({ cardOrdering: true });
    const expected = ['orders-group', 'new-order', 'orders', 'retailer'];
    expect(keys(sidebarEntries(m, false))).toEqual(expected);
    expect(keys(sidebarEntries(m, false, null))).toEqual(expected);
    expect(keys(sidebarEntries(m, false, ''))).toEqual(expected);
    expect(keys(sidebarEntries(m, false, 'javascript:alert(1)'))).toEqual(expected);
    expect(keys(sidebarEntries(m, false, '/relative/survey'))).toEqual(expected);
  });

  it("links Evaluate Service to the brand's external questionnaire, unchanged", () => {
    const group = sidebarEntries(modules({ cardOrdering: true }), false, QUESTIONNAIRE)[0];
    const entry = group?.kind === 'group' ? group.items.find((i) => i.key === 'evaluate-service') : undefined;
    expect(entry).toMatchObject({ href: QUESTIONNAIRE, to: '/app/questionnaire', icon: 'star' });
  });

  it('links Orders to the orders list', () => {
    const group = sidebarEntries(modules({ cardOrdering: true }), false)[0];
    expect(group?.kind === 'group' && group.items.at(-1)).toMatchObject({ key: 'orders', to: '/app/orders' });
    expect(group?.kind === 'group' && group.items.every((i) => i.href === undefined)).toBe(true);
  });

  it('shows no entry without module permissions, or when authorization failed', () => {
    expect(keys(sidebarEntries(modules({}), false))).toEqual([]);
    expect(keys(sidebarEntries(undefined, false))).toEqual([]);
    const all = modules({ cardOrdering: true, retailerSales: true, couponingManagement: true });
    expect(keys(sidebarEntries(all, true, QUESTIONNAIRE))).toEqual([]);
  });

  it('shows a couponing-only user (demo.coupons) Couponing and no Retailer (ADR 017)', () => {
    expect(keys(sidebarEntries(modules({ couponingManagement: true }), false, QUESTIONNAIRE))).toEqual(['couponing']);
    expect(keys(sidebarEntries(modules({ retailerSales: true }), false))).toEqual(['retailer', 'sales']);
  });

  it('offers only the pending step while one is (ADR 017)', () => {
    const all = modules({ cardOrdering: true, retailerSales: true, couponingManagement: true });
    expect(sidebarEntries(all, false, QUESTIONNAIRE, 'mfaSetUp')).toEqual([
      expect.objectContaining({ key: 'mfa-setup', to: '/app/my-account/mfa' }),
    ]);
    expect(sidebarEntries(all, false, QUESTIONNAIRE, 'passwordExpired')).toEqual([
      expect.objectContaining({ key: 'my-account', to: '/app/my-account' }),
    ]);
  });

  it('links New Order to the address step and Couponing to its first step', () => {
    const all = modules({ cardOrdering: true, couponingManagement: true });
    const entries = sidebarEntries(all, false);
    const group = entries[0];
    expect(group?.kind === 'group' && group.items[0]?.to).toBe('/app/order');
    expect(entries.at(-1)).toMatchObject({ key: 'couponing', to: '/app/couponing' });
  });
});

describe('footerItems (SPEC 2)', () => {
  const links = [
    { name: 'Help card', href: 'https://www.example.com/help.pdf' },
    { name: 'About', path: '/about' },
  ];

  it('always has privacy policy and legal notice, falling back to /about; no Log out while signed out', () => {
    const items = footerItems('ordering', false, links);
    expect(items.map((i) => i.key)).toEqual(['privacy-policy', 'legal-notice']);
    expect(items[0]).toMatchObject({ kind: 'path', to: '/about#privacy-policy' });
    expect(items[1]).toMatchObject({ kind: 'path', to: '/about#legal-notice' });
  });

  it('adds My Account and the configured links when signed in', () => {
    const items = footerItems('ordering', true, links);
    expect(items.map((i) => i.key)).toEqual(['my-account', 'logout', 'brand-0', 'brand-1', 'privacy-policy', 'legal-notice']);
    expect(items[2]).toMatchObject({
      kind: 'href',
      href: 'https://www.example.com/help.pdf',
      label: { text: 'Help card' },
    });
    expect(items[3]).toMatchObject({ kind: 'path', to: '/about', label: { key: 'footer.about' } });
  });

  it("uses a brand's own privacy policy and legal notice links", () => {
    const items = footerItems('ordering', true, [
      { name: 'Privacy Policy', href: 'https://brand.example/privacy' },
      { name: 'Impressum', path: '/imprint' },
      { name: 'Help', path: '/help' },
    ]);
    expect(items.map((i) => i.key)).toEqual(['my-account', 'logout', 'brand-0', 'privacy-policy', 'legal-notice']);
    expect(items.find((i) => i.key === 'privacy-policy')).toMatchObject({
      href: 'https://brand.example/privacy',
    });
    expect(items.find((i) => i.key === 'legal-notice')).toMatchObject({ to: '/imprint' });
  });

  it('knows those links by their French and Polish names too', () => {
    const keys = (privacy: string, legal: string) =>
      footerItems('ordering', false, [
        { name: privacy, path: '/p' },
        { name: legal, path: '/l' },
      ]).map((i) => ('to' in i ? `${i.key} ${i.to}` : i.key));
    expect(keys('Politique de confidentialité', 'Mentions légales')).toEqual(['privacy-policy /p', 'legal-notice /l']);
    expect(keys('Polityka prywatności', 'Nota prawna')).toEqual(['privacy-policy /p', 'legal-notice /l']);
  });
});

describe('My Account per portal (a session belongs to one portal)', () => {
  it("links each portal's footer to its own My Account", () => {
    expect(myAccountPath('ordering')).toBe('/app/my-account');
    expect(myAccountPath('connect')).toBe('/connect/my-account');
    expect(footerItems('ordering', true, [])[0]).toMatchObject({ key: 'my-account', to: '/app/my-account' });
    expect(footerItems('connect', true, [])[0]).toMatchObject({
      key: 'my-account',
      to: '/connect/my-account',
    });
  });

  it('has the same entries on both portals otherwise, and no My Account while signed out', () => {
    const keys = (portal: 'ordering' | 'connect', loggedIn: boolean) =>
      footerItems(portal, loggedIn, [{ name: 'Help', path: '/help' }]).map((i) => i.key);
    expect(keys('connect', true)).toEqual(keys('ordering', true));
    expect(keys('connect', false)).toEqual(['privacy-policy', 'legal-notice']);
  });
});

describe('splitBottomBar (SPEC 2, 9)', () => {
  it('shows the first 3 and moves the rest into More', () => {
    expect(splitBottomBar([1, 2, 3, 4, 5])).toEqual({ main: [1, 2, 3], more: [4, 5], dropped: [] });
  });

  it('has no More with 3 or fewer items', () => {
    expect(splitBottomBar([1, 2, 3])).toEqual({ main: [1, 2, 3], more: [], dropped: [] });
    expect(splitBottomBar([1])).toEqual({ main: [1], more: [], dropped: [] });
  });

  it('never puts more than 8 items into the More sheet', () => {
    const items = Array.from({ length: 13 }, (_, i) => i);
    const { main, more, dropped } = splitBottomBar(items);
    expect(main).toHaveLength(3);
    expect(more).toHaveLength(8);
    expect(dropped).toEqual([11, 12]);
  });
});

describe('footerLogoTarget', () => {
  it('is the app products page when logged in, else the root', () => {
    expect(footerLogoTarget(true)).toBe('/app/order/products');
    expect(footerLogoTarget(false)).toBe('/');
  });
});
