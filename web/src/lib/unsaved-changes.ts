import { useEffect, useId } from 'react';
import { createStore, useStore } from './store.ts';

/**
 * Input the user typed and the server does not have yet (ADR 053). Every form with user input calls
 * `useUnsavedChanges(dirty)`: while any form is dirty, closing or reloading the tab (and leaving for another
 * site) asks the browser's own 'Leave site?' question (beforeunload), and a link inside the app asks the
 * app's 'Leave this page?' dialog first (app/shell/unsaved-changes-guard.tsx). The app runs React Router's
 * declarative router, which has no `useBlocker` (a data-router API; the data router would add ~17 KB gzip
 * to the login page, docs/benchmarks.md), so links are caught where they are clicked.
 */
const dirtyForms = createStore<ReadonlySet<string>>(new Set());

/** Whether any form on the screen has unsaved input. */
export const hasUnsavedChanges = (): boolean => dirtyForms.get().size > 0;
export const useHasUnsavedChanges = (): boolean => useStore(dirtyForms).size > 0;

/** The user chose to leave: the input is given up (the forms unmount with the page). */
export function discardUnsavedChanges(): void {
  dirtyForms.set(new Set());
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  // Input given up in the app's dialog is not asked about again while its page unmounts.
  if (!hasUnsavedChanges()) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

/** Marks the calling form as holding unsaved input while `dirty`. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.set((forms) => new Set(forms).add(id));
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      dirtyForms.set((forms) => {
        if (!forms.has(id)) return forms;
        const rest = new Set(forms);
        rest.delete(id);
        return rest;
      });
    };
  }, [dirty, id]);
}
