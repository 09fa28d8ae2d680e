import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new screen may take to show its heading (a lazy route, its first data) before focus stays put. */
const HEADING_WAIT_MS = 5000;

/**
 * On a route change — a new path, not a filter or page in the query — focus moves to the new screen's main
 * heading and a polite live region names it (ADR 092), so a keyboard or screen-reader user starts where a
 * sighted user looks. The first load keeps the browser's start (the skip link first); focus that already
 * moved on (a field, a dialog) stays.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    const before = document.activeElement;
    const focusHeading = (): boolean => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      const active = document.activeElement;
      // Focus already moved on (a field the screen focuses, a dialog it opened): it stays there.
      const movedOn = active !== null && active !== before && active !== document.body;
      if (!movedOn) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      setAnnounced(heading.textContent ?? '');
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-route-announcer="">
      {announced}
    </div>
  );
}
