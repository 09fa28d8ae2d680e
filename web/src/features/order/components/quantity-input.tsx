import { type ProductRow, type QuantityProblem, quantityRule } from '@portal/core';
import { useId, useState } from 'react';
import { type Translate, translateCoreMessage, useT } from '../../../i18n/index.ts';

/** 'Minimum: 10', 'Maximum: 500', 'PU: 5' — the spec's word (translated) with the bound it refers to. */
export function problemText(t: Translate, problem: QuantityProblem, product: ProductRow): string {
  const word = translateCoreMessage(t, problem);
  if (problem === 'Minimum') return `${word}: ${Math.max(1, product.minimum ?? 1)}`;
  if (problem === 'Maximum') return product.maximum == null ? word : `${word}: ${product.maximum}`;
  return `${word}: ${product.packagingUnit}`;
}

/**
 * The order quantity of one product. Digits only (a quantity is a whole number); validated live with
 * core's quantity rule, the problem shown at the input. `clearable`: an emptied input removes the line
 * at once (the products step); otherwise emptying only shows while typing and the line stays (basket).
 */
export function QuantityInput({
  product,
  value,
  onChange,
  label,
  clearable = true,
  serverIssue,
  size = 'md',
}: {
  product: ProductRow;
  /** The basket's quantity, 0 when the product has no line. */
  value: number;
  onChange: (qty: number | null) => void;
  /** Accessible name, e.g. 'Order quantity for Gift Card 25'. */
  label: string;
  clearable?: boolean;
  serverIssue?: string | undefined;
  size?: 'md' | 'lg';
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value ? String(value) : '');
  const [seen, setSeen] = useState(value);
  // The basket changed from elsewhere (apply to all, suggested quantities, another input): show it.
  if (value !== seen) {
    setSeen(value);
    setText(value ? String(value) : '');
  }
  const problem = value ? quantityRule(product, value) : null;
  const message = problem ? problemText(t, problem, product) : serverIssue;
  const invalid = Boolean(message);
  return (
    <div className="min-w-0">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-problem` : undefined}
        value={text}
        placeholder="0"
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, 7);
          setText(digits);
          if (digits === '' && !clearable) return;
          onChange(digits === '' ? null : Number(digits));
        }}
        onBlur={() => {
          if (text === '' && value) setText(String(value));
        }}
        onFocus={(e) => e.target.select()}
        className={[
          'block w-full rounded-lg border bg-white text-right tabular-nums text-slate-900 shadow-sm',
          'placeholder:text-slate-300 focus:outline-none focus:ring-2',
          size === 'lg' ? 'px-3 py-2.5 text-base' : 'px-2.5 py-1.5 text-base sm:text-sm',
          invalid
            ? 'border-red-400 bg-red-50/40 focus:border-red-500 focus:ring-red-200'
            : value
              ? 'border-brand-400 focus:border-brand-500 focus:ring-brand-100'
              : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
        ].join(' ')}
      />
      {invalid ? (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
