import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useT } from '../../i18n/index.ts';
import { discardUnsavedChanges, hasUnsavedChanges } from '../../lib/unsaved-changes.ts';

/**
 * 'Leave this page?' before a link inside the app takes the user away from unsaved input (ADR 053;
 * lib/unsaved-changes.ts). A click on a same-origin link to another page is caught on the document, before
 * React Router's link handles it, while any form is dirty; 'Leave' gives the input up and follows the
 * link, 'Stay' keeps the page. A link opened in a new tab or window, a download and another site are left
 * to the browser (beforeunload asks for the latter).
 */
export function UnsavedChangesGuard() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!hasUnsavedChanges() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === here.current.pathname && url.search === here.current.search) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  const leave = () => {
    const to = target;
    setTarget(null);
    discardUnsavedChanges();
    if (to) void navigate(to);
  };
  return (
    <Dialog
      open={target !== null}
      onClose={() => setTarget(null)}
      title={t('unsavedChanges.title')}
      closeLabel={t('unsavedChanges.stay')}
      closeButton="none"
      // Staying is the safe answer, so it is the primary button; leaving gives the input up.
      actions={
        <>
          <Button theme="secondary" onClick={leave}>
            {t('unsavedChanges.leave')}
          </Button>
          <Button onClick={() => setTarget(null)}>{t('unsavedChanges.stay')}</Button>
        </>
      }
    >
      <p>{t('unsavedChanges.text')}</p>
    </Dialog>
  );
}
