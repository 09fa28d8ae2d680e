/** One labelled fact of a list's card on phones (a <dl> entry): the label small above its value. */
export function CardFact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm text-slate-900">{value}</dd>
    </div>
  );
}
