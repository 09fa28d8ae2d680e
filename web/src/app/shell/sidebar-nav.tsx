import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import {
  CartIcon,
  ChartIcon,
  ExternalLinkIcon,
  ListIcon,
  ShieldIcon,
  StarIcon,
  StoreIcon,
  TicketIcon,
  UsersIcon,
} from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/index.ts';
import type { NavIcon, SidebarEntry, SidebarLink } from './sidebar-entries.ts';

const icons: Record<NavIcon, (p: { className?: string }) => ReactNode> = {
  cart: CartIcon,
  star: StarIcon,
  list: ListIcon,
  store: StoreIcon,
  chart: ChartIcon,
  ticket: TicketIcon,
  shield: ShieldIcon,
  users: UsersIcon,
};

const itemClasses = (isActive: boolean) =>
  [
    'group flex items-start gap-3 rounded-lg px-3 py-2 text-sm transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  ].join(' ');

/** An external entry (the questionnaire): a new tab, without handing it this page (noopener noreferrer). */
function ExternalItem({ item, href, onNavigate }: { item: SidebarLink; href: string; onNavigate?: (() => void) | undefined }) {
  const t = useT();
  const Icon = icons[item.icon];
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={onNavigate} className={itemClasses(false)}>
      <span className="mt-0.5 text-slate-400 group-hover:text-slate-600">
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{t(item.label)}</span>
        {item.hint ? <span className="block text-xs text-slate-500">{t(item.hint)}</span> : null}
        <span className="sr-only"> {t('questionnaire.opensInNewTab')}</span>
      </span>
      <ExternalLinkIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
    </a>
  );
}

function Item({ item, onNavigate }: { item: SidebarLink; onNavigate?: (() => void) | undefined }) {
  const t = useT();
  const Icon = icons[item.icon];
  if (item.href) return <ExternalItem item={item} href={item.href} onNavigate={onNavigate} />;
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        [
          'group flex items-start gap-3 rounded-lg px-3 py-2 text-sm transition-colors',
          isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        ].join(' ')
      }
    >
      {({ isActive }) => (
        <>
          <span className={isActive ? 'mt-0.5 text-brand-600' : 'mt-0.5 text-slate-400 group-hover:text-slate-600'}>
            <Icon className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block font-medium">{t(item.label)}</span>
            {/* slate-500 on the active item's brand-50 is below 4.5:1 (WCAG 1.4.3): slate-600 there. */}
            {item.hint ? <span className={`block text-xs ${isActive ? 'text-slate-600' : 'text-slate-500'}`}>{t(item.hint)}</span> : null}
          </span>
        </>
      )}
    </NavLink>
  );
}

/** The ordering sidebar's entries (from `sidebarEntries`), used in the desktop aside and the drawer. */
export function SidebarNav({ entries, onNavigate }: { entries: SidebarEntry[]; onNavigate?: () => void }) {
  const t = useT();
  return (
    <nav aria-label={t('nav.main')}>
      <ul className="space-y-1">
        {entries.map((entry) =>
          entry.kind === 'group' ? (
            <li key={entry.key} className="pb-2">
              <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-slate-500">{t(entry.label)}</p>
              <ul className="space-y-1">
                {entry.items.map((item) => (
                  <li key={item.key}>
                    <Item item={item} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={entry.key}>
              <Item item={entry} onNavigate={onNavigate} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
