import type { ReactNode } from 'react';
import { ModalCloseButton } from './modal-close-button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

/** A navigation drawer sliding in from the left on small screens (native modal <dialog>). */
export function Drawer({
  open,
  onClose,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}) {
  const { titleId, dialogProps } = useModalDialog(open, onClose);
  if (!open) return null;
  return (
    <dialog
      {...dialogProps}
      className="m-0 h-dvh max-h-dvh w-[min(20rem,85vw)] max-w-none animate-drawer-in bg-transparent p-0 backdrop:animate-fade-in"
    >
      <div className="flex h-full flex-col bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
          <div id={titleId} className="min-w-0">
            {title}
          </div>
          <ModalCloseButton onClose={onClose} label={closeLabel} spacing="p-2" />
        </div>
        <div className="flex-1 overflow-y-auto p-3">{children}</div>
      </div>
    </dialog>
  );
}
