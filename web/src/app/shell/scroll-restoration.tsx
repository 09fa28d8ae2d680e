import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each history entry was scrolled to, by location key (this page's life only). */
const positions = new Map<string, number>();

/**
 * What the data router's <ScrollRestoration> did, for the declarative router: a new navigation starts at
 * the top (or at its #hash), Back/Forward returns to where the reader was on that entry.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  // Before paint, so the new screen never shows at the old screen's offset.
  useLayoutEffect(() => {
    const saved = positions.get(key);
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
}
