import { Link } from 'react-router-dom';

export interface Step {
  label: string;
  /** Where a click on a finished step goes; steps without a target are not links. */
  to?: string;
}

/**
 * A horizontal stepper: finished steps (before `current`) show a tick and may link back, the current
 * one is marked with aria-current="step". On phones the labels of the other steps shrink away, the
 * current one stays readable.
 */
export function Stepper({ steps, current, label }: { steps: readonly Step[]; current: number; label: string }) {
  return (
    <nav aria-label={label} className="mb-6">
      <ol className="flex items-center gap-2 sm:gap-3">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          const circle = (
            <span
              className={[
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-inset',
                done ? 'bg-brand-600 text-white ring-brand-600' : '',
                active ? 'bg-white text-brand-700 ring-2 ring-brand-600' : '',
                !done && !active ? 'bg-white text-slate-500 ring-slate-300' : '',
              ].join(' ')}
              aria-hidden="true"
            >
              {done ? '✓' : index + 1}
            </span>
          );
          const text = (
            <span
              className={[
                'text-sm',
                active ? 'whitespace-nowrap font-semibold text-slate-900' : 'sr-only text-slate-600 sm:not-sr-only sm:truncate',
              ].join(' ')}
            >
              {step.label}
            </span>
          );
          return (
            <li
              key={step.label}
              className={`flex min-w-0 items-center gap-2 ${active ? 'flex-auto' : index < steps.length - 1 ? 'flex-1' : ''}`}
              aria-current={active ? 'step' : undefined}
            >
              {done && step.to ? (
                <Link to={step.to} className="flex min-w-0 items-center gap-2 rounded-md hover:underline">
                  {circle}
                  {text}
                </Link>
              ) : (
                <span className="flex min-w-0 items-center gap-2">
                  {circle}
                  {text}
                </span>
              )}
              {index < steps.length - 1 ? (
                <span aria-hidden="true" className={`h-px min-w-3 flex-1 ${done ? 'bg-brand-600' : 'bg-slate-300'}`} />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
