import type { Portal } from '@portal/core/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/index.ts';
import { loadSignInLayer } from '../../../app/data-bridge.ts';
import type { LoginFailure } from '../model/login-form.ts';
import { failedToSignIn } from '../model/login-values.ts';

/** Microsoft's four-square mark (decorative; the button's text names it). */
function MicrosoftMark() {
  return (
    <svg viewBox="0 0 21 21" className="size-4" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

/**
 * 'Continue with Microsoft' (SPEC 2 Login): asks the API for the provider's sign-in URL and leaves for it.
 * A refusal (e.g. single sign-on not configured here) shows in the login card like any login failure.
 */
export function MicrosoftSignIn({ portal, onFailure }: { portal: Portal; onFailure: (failure: LoginFailure | null) => void }) {
  const t = useT();
  const [leaving, setLeaving] = useState(false);
  const start = async () => {
    setLeaving(true);
    onFailure(null);
    try {
      const { startSso } = await loadSignInLayer();
      window.location.assign(await startSso(portal));
    } catch (error) {
      // Without the sign-in layer (its download failed) there is no answer to map.
      onFailure(
        await loadSignInLayer().then(
          (layer) => layer.loginFailure(error),
          () => failedToSignIn,
        ),
      );
      setLeaving(false);
    }
  };
  return (
    <Button theme="secondary" block loading={leaving} onClick={start}>
      {leaving ? null : <MicrosoftMark />}
      {t('auth.login.microsoft')}
    </Button>
  );
}
