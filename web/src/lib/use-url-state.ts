import { useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { type Location, UNSAFE_NavigationContext, useNavigate, useSearchParams } from 'react-router-dom';

/** Names to set (a value) or drop (null, undefined or ''); or the whole next query from the current one. */
export type UrlPatch = Readonly<Record<string, string | null | undefined>> | ((current: URLSearchParams) => URLSearchParams);

export interface UrlWriteOptions {
  /** Write once this many ms have passed without another delayed write (a search once typing pauses). */
  after?: number;
  /** A new history entry instead of replacing the current one. */
  push?: boolean;
}

/**
 * A screen's state in the URL's search params (ADR 057): `params` is read on every render, and `write`
 * puts a change straight into the URL from the event that made it; nothing mirrors state into the URL
 * after a render. A write merges into the URL as it is when the write happens (the router's own location:
 * React Router renders a navigation in a transition, so a render's params can be older than a click that
 * just happened), so a late write (a search once typing pauses) never puts back what a click changed.
 *
 * `resets` names what any write drops unless it names it (a filter change goes back to page 1). A delayed
 * write is replaced by the next delayed one, dropped by a write of the same names (or of the whole query,
 * a function patch) and on unmount.
 *
 * `defaults` are values the URL lacks (a preferred customer, known once master data is): `params` shows
 * them at once, and they are filled into the URL (replacing the entry) once known, never over a value the
 * URL has by then; so a shared link names them. Filling a gap is the one write after a render; it mirrors
 * no state (nothing the user changed is written back).
 *
 *   const [params, write] = useUrlState({ resets: ['page'], defaults: { customer: preferred } });
 *   write({ tab: 'history' });
 *   write({ q: text.trim() }, { after: 300 });
 */
export function useUrlState(options: { resets?: readonly string[]; defaults?: Readonly<Record<string, string | undefined>> } = {}) {
  const [inUrl] = useSearchParams();
  const navigate = useNavigate();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; names: readonly string[] } | null>(null);
  const resets = (options.resets ?? []).join('\n');
  // The defaults the URL lacks, as one value for the hooks' dependencies.
  const gaps = JSON.stringify(Object.entries(options.defaults ?? {}).filter(([name, value]) => value && !inUrl.has(name)));
  const params = useMemo(() => {
    const shown = new URLSearchParams(inUrl);
    for (const [name, value] of JSON.parse(gaps) as [string, string][]) shown.set(name, value);
    return shown;
  }, [inUrl, gaps]);

  useEffect(() => () => clearTimeout(pending.current?.timer), []);

  const apply = useCallback(
    (patch: UrlPatch, push: boolean) => {
      // Browser and memory histories both keep the current location (a router without one: the render's).
      const now = (navigator as { location?: Location }).location;
      const current = new URLSearchParams(now ? now.search : inUrl);
      let next: URLSearchParams;
      if (typeof patch === 'function') next = patch(new URLSearchParams(current));
      else {
        next = new URLSearchParams(current);
        for (const name of resets ? resets.split('\n') : []) if (!(name in patch)) next.delete(name);
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
      }
      if (next.toString() === current.toString()) return;
      void navigate({ search: `?${next.toString()}` }, { replace: !push });
    },
    [navigate, navigator, inUrl, resets],
  );

  useEffect(() => {
    const fill = JSON.parse(gaps) as [string, string][];
    if (fill.length === 0) return;
    apply((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of fill) if (!next.has(name)) next.set(name, value);
      return next;
    }, false);
  }, [gaps, apply]);

  const write = useCallback(
    (patch: UrlPatch, { after, push = false }: UrlWriteOptions = {}) => {
      const held = pending.current;
      if (held && (typeof patch === 'function' || after !== undefined || held.names.some((name) => name in patch))) {
        clearTimeout(held.timer);
        pending.current = null;
      }
      if (after === undefined) return apply(patch, push);
      const names = typeof patch === 'function' ? [] : Object.keys(patch);
      const timer = setTimeout(() => {
        pending.current = null;
        apply(patch, push);
      }, after);
      pending.current = { timer, names };
    },
    [apply],
  );

  return [params, write] as const;
}
