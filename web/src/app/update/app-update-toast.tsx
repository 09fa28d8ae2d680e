import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '../../components/ui/alert.tsx';
import { useT } from '../../i18n/index.ts';
import { applyUpdate, appliesByItself, hasTypedInput, useAppUpdate } from './app-update.ts';

/**
 * A release the service worker found (app-update.ts): on the login paths it applies by itself, elsewhere
 * (or where the user has typed) a toast offers it, so no automatic reload ever drops unsaved input (SPEC 2).
 * The toast stays until it is taken or closed; a reload the user asks for still meets the unsaved-changes
 * question (ADR 053). Rendered in the snack host's slot, above the snack of the moment.
 */
export function AppUpdateToast() {
  const t = useT();
  const { pathname } = useLocation();
  const { ready } = useAppUpdate();
  const [closed, setClosed] = useState(false);
  // Read when a release is found and on each route change: a page left with a half-typed form is not reloaded.
  const automatic = ready && appliesByItself(pathname, hasTypedInput());

  useEffect(() => {
    if (automatic) applyUpdate();
  }, [automatic]);

  if (!ready || automatic || closed) return null;
  return (
    <div className="pointer-events-auto animate-pop-in shadow-lg">
      <Alert theme="dark" onClose={() => setClosed(true)} closeLabel={t('common.close')}>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {t('update.available')}
          <button
            type="button"
            onClick={applyUpdate}
            className="rounded-md bg-white px-2.5 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('update.reload')}
          </button>
        </span>
      </Alert>
    </div>
  );
}
