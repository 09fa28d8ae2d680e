import { useT } from '../../i18n/index.ts';
import { usePortal } from '../../lib/portal.ts';
import { lazyRoute } from '../lazy-route.ts';
import { useBrand } from '../../features/brand/api/brand.ts';
import { useLogout } from './use-logout.ts';

/** The terms screen and its Markdown renderer load only for a user who has terms to accept (ADR 086). */
const TermsScreen = lazyRoute(() => import('../../features/terms/components/terms-screen.tsx'), 'TermsScreen', 'shell');

/** The terms screen in place of a section: in the connect shell (its header and footer), or as the ordering page. */
export function TermsGate() {
  const t = useT();
  const brand = useBrand();
  const logout = useLogout();
  const portal = usePortal();
  return <TermsScreen brandName={brand?.name ?? t('app.fallbackName')} onLogout={() => void logout()} landmark={portal === 'ordering'} />;
}
