import { useEffect, useId, useRef } from 'react';

/**
 * A native modal <dialog> shown while `open`: its ref, the id its title carries, and the handlers that close
 * it by Escape or a click on the backdrop (the parent hides it through onClose). Dialog and Drawer share it.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);
  const dialogProps = {
    ref,
    'aria-labelledby': titleId,
    onCancel: (e: { preventDefault(): void }) => {
      e.preventDefault();
      onClose();
    },
    onClick: (e: { target: unknown }) => {
      if (e.target === ref.current) onClose();
    },
    onKeyDown: (e: { key: string; preventDefault(): void }) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      }
    },
  };
  return { titleId, dialogProps };
}
