/** What a sales chart draws: the amount or the quantity of each group. */
export type Measure = 'amount' | 'quantity';

/** One total above a sales chart (inside a <dl>). Both sales screens show them. */
export function Total({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <div className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900 sm:text-2xl">{value}</dd>
    </div>
  );
}

/** Amount or quantity in the chart: a segmented pair of radio buttons, in the screen's own words. */
export function MeasureSwitch({
  value,
  onChange,
  name,
  texts,
}: {
  value: Measure;
  onChange: (m: Measure) => void;
  /** The radio group's name, unique on the page. */
  name: string;
  texts: { legend: string; amount: string; quantity: string };
}) {
  return (
    <fieldset className="inline-flex rounded-lg bg-slate-100 p-0.5 text-sm">
      <legend className="sr-only">{texts.legend}</legend>
      {(['amount', 'quantity'] as const).map((m) => (
        <label
          key={m}
          className={`cursor-pointer rounded-md px-3 py-1.5 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${value === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
        >
          <input type="radio" name={name} value={m} checked={value === m} onChange={() => onChange(m)} className="sr-only" />
          {texts[m]}
        </label>
      ))}
    </fieldset>
  );
}
