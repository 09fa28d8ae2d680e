import { connectSectionNeedsStrongAuth } from '@portal/core/auth';
import type { ReactNode } from 'react';
import { FullPageSpinner } from '../components/ui/card.tsx';
import { type ConnectSection, mayUseSection } from '../features/connect/sections.ts';
import { useT } from '../i18n/index.ts';
import { useSession } from '../lib/auth.ts';
import { paths } from '../lib/paths.ts';
import { strongAuthDecision } from './guard-decisions.ts';
import { NeedsStrongAuth, SectionDenied } from './guards.tsx';

// The connect portal's section guard (connect-routes.tsx); RequireAuth, which both shells run, is in guards.tsx (ADR 127).

/**
 * A connect section (inside RequireAuth): when the module permissions do not open it (core's table, ADR
 * 031) — a direct URL, a bookmark — the user goes to the connect home and the 'Access denied' dialog opens.
 * A section that needs the higher authentication standard (core's connectSectionNeedsStrongAuth, as its API)
 * sends a user without it to My Account with the dialog that says why, as /app's RequireStrongAuth (ADR 123).
 */
export function RequireConnectSection({ section, children }: { section: ConnectSection; children: ReactNode }) {
  const t = useT();
  const { status, settled } = useSession();
  if (mayUseSection(status, section)) {
    if (connectSectionNeedsStrongAuth(section.key) && strongAuthDecision(status) === 'deny') {
      return <NeedsStrongAuth to={paths.connect.myAccount} />;
    }
    return children;
  }
  // A status kept from before may be stale: deny only on the server's current answer.
  if (!settled) return <FullPageSpinner label={t('app.loading')} />;
  return <SectionDenied to={paths.connect.root} />;
}
