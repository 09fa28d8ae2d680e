import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ModalCloseButton } from './modal-close-button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

export interface DialogProps {
  open: boolean;
  /** Called when the user closes the dialog (close button, Escape, backdrop); the parent hides it. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Action buttons at the bottom. */
  actions?: ReactNode;
  closeLabel: string;
  /** 'sheet' always sits at the bottom (action sheets). 'center' is centred from sm; on extra-small
   * screens every dialog slides up from the bottom edge (SPEC 4). */
  variant?: 'center' | 'sheet';
  /** Hide the title visually (still names the dialog). */
  hideTitle?: boolean;
  /** Where the close control sits: an icon in the corner, a labelled button among the actions, or only in
   * the actions the caller passes (a question whose safe answer is its primary button; Escape still closes). */
  closeButton?: 'icon' | 'action' | 'none';
}

/**
 * A modal built on the native <dialog> (focus trap, Escape, inert background for free). Rendered only
 * while open, so closed dialogs are not in the accessibility tree.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  closeLabel,
  variant = 'center',
  hideTitle = false,
  closeButton = 'icon',
}: DialogProps) {
  const { titleId, dialogProps } = useModalDialog(open, onClose);

  if (!open) return null;

  const position =
    variant === 'sheet'
      ? 'mb-0 mt-auto w-full max-w-lg rounded-t-2xl sm:mb-6 sm:rounded-2xl animate-slide-up'
      : 'mb-0 mt-auto w-full max-w-md rounded-t-2xl animate-slide-up sm:m-auto sm:rounded-2xl sm:animate-pop-in';

  return (
    <dialog {...dialogProps} className={`mx-auto max-h-[90dvh] overflow-visible bg-transparent p-0 backdrop:animate-fade-in ${position}`}>
      <div className="max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:rounded-2xl">
        <div className="flex items-start justify-between gap-4 px-5 pt-5">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-slate-900'}>
            {title}
          </h2>
          {closeButton === 'icon' ? <ModalCloseButton onClose={onClose} label={closeLabel} spacing="-m-1.5 ml-auto p-1.5" /> : null}
        </div>
        <div className="px-5 pb-5 pt-2 text-sm text-slate-600">{children}</div>
        {actions || closeButton === 'action' ? (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end">
            {closeButton === 'action' ? (
              <Button theme={actions ? 'secondary' : 'primary'} onClick={onClose}>
                {closeLabel}
              </Button>
            ) : null}
            {actions}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
