import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { closeDialog, useDialogs } from '../../../lib/session.ts';

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
      <Dialog
        open={dialogs.authRequired}
        onClose={() => closeDialog('authRequired')}
        title={t('messages.accessDenied')}
        closeLabel={t('common.close')}
        closeButton="action"
      >
        <p>{t('messages.loginRequired')}</p>
      </Dialog>
      <Dialog
        open={dialogs.mfaRequired}
        onClose={() => closeDialog('mfaRequired')}
        title={t('messages.accessDenied')}
        closeLabel={t('common.close')}
        closeButton="action"
        actions={<Button onClick={setUpMfa}>{t('accessDialog.setUpMfa')}</Button>}
      >
        <p>{t('messages.higherAuthenticationRequired')}</p>
      </Dialog>
      <Dialog
        open={dialogs.sectionDenied}
        onClose={() => closeDialog('sectionDenied')}
        title={t('messages.accessDenied')}
        closeLabel={t('common.close')}
        closeButton="action"
      >
        <p>{t('accessDialog.sectionNotPermitted')}</p>
      </Dialog>
    </>
  );
}
