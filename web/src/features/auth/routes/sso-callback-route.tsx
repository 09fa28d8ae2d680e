import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePortal } from '../../../lib/portal.ts';
import { SsoCallbackCard } from '../components/sso-callback-card.tsx';

/** /sso-callback and /connect/sso-callback: the provider sends the browser back here. */
export function SsoCallbackRoute() {
  const portal = usePortal();
  const { search } = useLocation();
  const navigate = useNavigate();
  const onSignedIn = useCallback((to: string) => void navigate(to, { replace: true }), [navigate]);
  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      <SsoCallbackCard portal={portal} search={search} onSignedIn={onSignedIn} />
    </div>
  );
}
