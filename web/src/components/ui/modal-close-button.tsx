import { CloseIcon } from './icons.tsx';

/** The round × in the header of a modal <dialog> (Dialog, Drawer); `spacing` sizes and places it. */
export function ModalCloseButton({ onClose, label, spacing }: { onClose: () => void; label: string; spacing: string }) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={label}
      className={`${spacing} rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900`}
    >
      <CloseIcon />
    </button>
  );
}
