import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { closeDialog, type DialogName, useDialogs } from '../../../lib/session.ts';

/**
 * The 'Access denied' dialogs (SPEC 4, 6). They open from the dialog state (a 401/403, an
 * unauthenticated visit of /app, a section needing MFA, or a connect section the module permissions do not
 * open, ADR 031); closing one tells the state to hide it.
 */
export function AuthDialogs() {
  const t = useT();
  const portal = usePortal();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const setUpMfa = () => {
    closeDialog('mfaRequired');
    void navigate(portalPaths(portal).mfaSetup);
  };
  return (
    <>
      <AccessDeniedDialog name="authRequired" open={dialogs.authRequired} text={t('messages.loginRequired')} />
      <AccessDeniedDialog
        name="mfaRequired"
        open={dialogs.mfaRequired}
        text={t('messages.higherAuthenticationRequired')}
        actions={<Button onClick={setUpMfa}>{t('accessDialog.setUpMfa')}</Button>}
      />
      <AccessDeniedDialog name="sectionDenied" open={dialogs.sectionDenied} text={t('accessDialog.sectionNotPermitted')} />
    </>
  );
}

/** One 'Access denied' dialog: its text, the close button among the actions, and the state told on close. */
function AccessDeniedDialog({ name, open, text, actions }: { name: DialogName; open: boolean; text: string; actions?: ReactNode }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={() => closeDialog(name)}
      title={t('messages.accessDenied')}
      closeLabel={t('common.close')}
      closeButton="action"
      actions={actions}
    >
      <p>{text}</p>
    </Dialog>
  );
}
