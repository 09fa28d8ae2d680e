/**
 * A thin progress bar: `percent` 0–100 fills it (at least a sliver, so a started job shows movement);
 * null (the total is not known yet) pulses a third of it, without aria-valuenow, as ARIA asks for an
 * indeterminate bar.
 */
export function ProgressBar({ percent, label, className = '' }: { percent: number | null; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(percent === null ? {} : { 'aria-valuenow': percent })}
      className={`h-2 overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div
        className={`h-full rounded-full bg-brand-600 transition-[width] duration-500 ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
        style={percent === null ? undefined : { width: `${Math.max(2, percent)}%` }}
      />
    </div>
  );
}
