import type { FooterLink, Portal } from '@portal/core/shared';
import { ACTION_SHEET_MAX_ITEMS } from '../../components/ui/action-sheet-items.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';

/**
 * What the shell's footer and bottom bar show, as plain data (unit-tested); the components only render it.
 * The ordering sidebar's entries are in sidebar-entries.ts (only the signed-in shell needs them).
 */

/** A footer entry: an internal link, an external link, or the logout action. */
export type FooterItem =
  | { kind: 'path'; key: string; label: FooterLabel; to: string }
  | { kind: 'href'; key: string; label: FooterLabel; href: string }
  | { kind: 'logout'; key: 'logout'; label: FooterLabel };
/** Built-in entries are translated; brand-configured names are shown as configured. */
export type FooterLabel = { key: MessageKey } | { text: string };

/** The names of those links in the brand's languages (SPEC 9: en, de, fr, pl). */
const PRIVACY = /privacy|datenschutz|confidentialit|prywatno/i;
const LEGAL = /legal|légal|imprint|impressum|nota prawna/i;

function fromLink(link: FooterLink, key: string, label: FooterLabel): FooterItem {
  return 'href' in link ? { kind: 'href', key, label, href: link.href } : { kind: 'path', key, label, to: link.path };
}

/** Each portal has its own My Account (a session belongs to one portal, ADR 008). */
export const myAccountPath = (portal: Portal): string => (portal === 'connect' ? paths.connect.myAccount : paths.app.myAccount);

/**
 * The footer and bottom-bar entries of a portal's shell (SPEC 2): when signed in, My Account (that
 * portal's), Log out and the brand's configured links; Privacy policy and Legal notice always. Log out is
 * left out while signed out, where it would do nothing (ADR 006). A brand link named
 * like a privacy policy or legal notice becomes that entry's target; without one both open /about. A brand
 * link to /about is named by the catalogue, like those two; any other keeps the brand's name.
 */
export function footerItems(portal: Portal, loggedIn: boolean, links: readonly FooterLink[]): FooterItem[] {
  const privacy = links.find((l) => PRIVACY.test(l.name));
  const legal = links.find((l) => l !== privacy && LEGAL.test(l.name));
  const configured = links.filter((l) => l !== privacy && l !== legal);
  const items: FooterItem[] = [];
  if (loggedIn) {
    items.push({
      kind: 'path',
      key: 'my-account',
      label: { key: 'footer.myAccount' },
      to: myAccountPath(portal),
    });
    // Log out second, so it is one of the bottom bar's three visible items on a phone.
    items.push({ kind: 'logout', key: 'logout', label: { key: 'footer.logout' } });
    configured.forEach((link, i) => {
      // A link to the portal's own About page reads the page's name in the user's language (ADR 088).
      const label: FooterLabel = 'path' in link && link.path === paths.about ? { key: 'footer.about' } : { text: link.name };
      items.push(fromLink(link, `brand-${i}`, label));
    });
  }
  items.push(
    privacy
      ? fromLink(privacy, 'privacy-policy', { key: 'footer.privacyPolicy' })
      : {
          kind: 'path',
          key: 'privacy-policy',
          label: { key: 'footer.privacyPolicy' },
          to: paths.privacyPolicy,
        },
  );
  items.push(
    legal
      ? fromLink(legal, 'legal-notice', { key: 'footer.legalNotice' })
      : { kind: 'path', key: 'legal-notice', label: { key: 'footer.legalNotice' }, to: paths.legalNotice },
  );
  return items;
}

/**
 * The bottom bar shows the first 3 items; the rest go into the 'More' action sheet, which holds at most
 * 8 (SPEC 9). Anything beyond that is left out of the sheet and reported, as the sheet cannot show it.
 */
const BOTTOM_BAR_MAIN_ITEMS = 3;

export function splitBottomBar<T>(
  items: readonly T[],
  main = BOTTOM_BAR_MAIN_ITEMS,
  maxMore = ACTION_SHEET_MAX_ITEMS,
): { main: T[]; more: T[]; dropped: T[] } {
  return {
    main: items.slice(0, main),
    more: items.slice(main, main + maxMore),
    dropped: items.slice(main + maxMore),
  };
}

/** The footer logo goes to the app's products page when logged in, otherwise to the site root. */
export const footerLogoTarget = (loggedIn: boolean): string => (loggedIn ? paths.app.order.products : paths.home);
