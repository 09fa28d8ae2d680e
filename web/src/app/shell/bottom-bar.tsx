import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionSheetItem } from '../../components/ui/action-sheet.tsx';
import { MoreIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/index.ts';
import { FooterEntry, footerIcon, footerLabel } from './footer-item.tsx';
import { type FooterItem, splitBottomBar } from './nav-items.ts';
import { lazyPart } from '../../lib/lazy-part.ts';

// The 'More' sheet loads with its own chunk when first asked for: its button pressed or focused (the download
// starts before the click ends), not with every signed-in page, most of which never open it (ADR 127). The
// public pages' bar (Privacy policy, Legal notice) has no 'More' at all.
const loadActionSheet = () => import('../../components/ui/action-sheet.tsx');
const ActionSheet = lazyPart(loadActionSheet, 'ActionSheet');
const preloadActionSheet = () => void loadActionSheet().catch(() => undefined);

const itemClass =
  'flex h-full w-full flex-col items-center justify-center gap-1 px-1 text-[11px] font-medium leading-tight text-slate-600 hover:text-brand-700 active:bg-slate-50';

/**
 * The bottom bar on small screens (below md): the first 3 footer items, the rest in a 'More' action sheet.
 */
export function BottomBar({ items, onLogout }: { items: readonly FooterItem[]; onLogout: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [moreOpen, setMoreOpen] = useState(false);
  // Mounted from its first opening on (so it can close with its dialog's own behaviour).
  const [moreAsked, setMoreAsked] = useState(false);
  const { main, more, dropped } = splitBottomBar(items);
  if (dropped.length > 0) console.warn('Bottom bar: more than 8 overflow items; not shown:', dropped);

  const sheetItems: ActionSheetItem[] = more.map((item) => ({
    key: item.key,
    label: footerLabel(t, item.label),
    icon: footerIcon(item),
    onSelect: () => {
      if (item.kind === 'logout') onLogout();
      else if (item.kind === 'href') window.open(item.href, '_blank', 'noopener,noreferrer');
      else navigate(item.to);
    },
  }));

  const columns = main.length + (more.length > 0 ? 1 : 0);
  return (
    <>
      <nav
        aria-label={t('footer.bottomBar')}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      >
        <ul className="grid h-16" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {main.map((item) => (
            <li key={item.key}>
              <FooterEntry item={item} t={t} onLogout={onLogout} className={itemClass}>
                {footerIcon(item)}
              </FooterEntry>
            </li>
          ))}
          {more.length > 0 ? (
            <li>
              <button
                type="button"
                className={itemClass}
                aria-haspopup="dialog"
                aria-expanded={moreOpen}
                onPointerDown={preloadActionSheet}
                onFocus={preloadActionSheet}
                onClick={() => {
                  setMoreAsked(true);
                  setMoreOpen(true);
                }}
              >
                <MoreIcon />
                {t('footer.more')}
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      {more.length > 0 && moreAsked ? (
        <Suspense fallback={null}>
          <ActionSheet
            open={moreOpen}
            onClose={() => setMoreOpen(false)}
            title={t('footer.moreTitle')}
            closeLabel={t('common.close')}
            items={sheetItems}
          />
        </Suspense>
      ) : null}
    </>
  );
}
