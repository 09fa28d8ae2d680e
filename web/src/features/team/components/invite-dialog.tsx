import type { TeamScope } from '@portal/core/auth/team';
import type { Portal } from '@portal/core/shared';
import { Suspense } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import type { PermissionRef } from '../model/permissions.ts';
import type { TeamCap } from '../model/seats.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

/** The form, on the first opening (ADR 148); the browser keeps the module for the next ones. */
const loadForm = () => import('./invite-form.tsx');
const InviteForm = lazyPart(loadForm, 'InviteForm');
/** Starts loading the form when the pointer or the focus reaches "Invite colleague", a moment before the click. */
export const preloadInviteForm = (): void => void loadForm().catch(() => undefined);

/**
 * "Invite colleague" (ADR 113): name, e-mail address, where the account belongs and the permissions (only
 * the admin's own, in words). The server mails a single-use invitation link; a retried submit sends one invitation (the
 * idempotency key lives as long as the dialog's form).
 */
export function InviteDialog({
  open,
  onClose,
  portal,
  offered,
  scopes,
  cap,
}: {
  open: boolean;
  onClose: () => void;
  portal: Portal;
  offered: readonly PermissionRef[];
  scopes: readonly TeamScope[];
  cap: TeamCap;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('team.invite.title')} closeLabel={t('common.close')}>
      {open ? (
        <Suspense fallback={null}>
          <InviteForm portal={portal} offered={offered} scopes={scopes} cap={cap} onDone={onClose} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
