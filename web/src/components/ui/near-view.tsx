import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { PAGE_IDLE_MARK, pageIdle } from '../../lib/page-idle.ts';

/**
 * Whether a part of a screen below its first view may load now (ADR 141): false until the element behind the ref
 * comes within `margin` of the viewport, the page is idle, or a key is pressed (a keyboard user tabbing toward it),
 * then true for good. Lazy parts thus download after what the first view shows, and before anyone scrolls to them on
 * a page left open. Where the browser cannot tell (no IntersectionObserver: tests) and once the page has been idle (a
 * screen opened from another one), it is true at once.
 */
export function useNearView<T extends Element>(margin = '200px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function' || pageIdle());
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const show = () => setNear(true);
    const view = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: `${margin} 0px` });
    view.observe(node);
    const marks =
      typeof PerformanceObserver === 'function'
        ? new PerformanceObserver((list) => list.getEntriesByName(PAGE_IDLE_MARK).length > 0 && show())
        : undefined;
    marks?.observe({ type: 'mark' });
    window.addEventListener('keydown', show);
    // The page may have become idle between the first render and this effect.
    if (pageIdle()) show();
    return () => {
      view.disconnect();
      marks?.disconnect();
      window.removeEventListener('keydown', show);
    };
  }, [near, margin]);
  return [ref, near];
}

/** `placeholder` until the part's place is near the viewport (useNearView), then `children` for good. */
export function NearView({ children, placeholder, margin = '200px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const [ref, near] = useNearView<HTMLDivElement>(margin);
  return near ? children : <div ref={ref}>{placeholder}</div>;
}
