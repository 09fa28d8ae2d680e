import { type BasketLine, enterQuantity, type LineProblem, lineProblem, lineText, type ProductRow } from '@portal/core/ordering';
import { useId, useState } from 'react';
import { type Translate, translateCoreMessage, useT } from '../../../i18n/index.ts';

/** 'Minimum: 10', 'Maximum: 500', 'PU: 5', 'Value must be numeric' — the spec's words (translated) with their bound. */
export function problemText(t: Translate, problem: LineProblem, product: ProductRow): string {
  const word = translateCoreMessage(t, problem);
  if (problem === 'Minimum') return `${word}: ${Math.max(1, product.minimum ?? 1)}`;
  if (problem === 'Maximum') return product.maximum == null ? word : `${word}: ${product.maximum}`;
  if (problem === 'PU') return `${word}: ${product.packagingUnit}`;
  return word;
}

/** Whether `text` already stands for `line` (so a basket update caused by typing it leaves the field alone). */
const standsFor = (text: string, product: ProductRow, line: BasketLine<ProductRow> | undefined): boolean =>
  lineText(enterQuantity([], product, text)[0]) === lineText(line);

/**
 * The order quantity of one product, the one quantity field of the portal. What is typed stays as typed:
 * the text goes to core's enterQuantity, which keeps anything but a whole number as an invalid line
 * ('Value must be numeric'); the line's problem shows at the input. `clearable`: an emptied input removes
 * the line at once (the products step); otherwise emptying only shows while typing and the line stays.
 */
export function QuantityInput({
  product,
  line,
  onChange,
  label,
  clearable = true,
  serverIssue,
  size = 'md',
}: {
  product: ProductRow;
  /** The product's basket line, undefined when it has none. */
  line: BasketLine<ProductRow> | undefined;
  /** The text as typed. */
  onChange: (text: string) => void;
  /** Accessible name, e.g. 'Order quantity for Gift Card 25'. */
  label: string;
  clearable?: boolean;
  serverIssue?: string | undefined;
  size?: 'md' | 'lg';
}) {
  const t = useT();
  const id = useId();
  const shown = lineText(line);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(shown);
  // The basket changed from elsewhere (apply to all, suggested quantities, another input): show it.
  if (shown !== seen) {
    setSeen(shown);
    if (!standsFor(text, product, line)) setText(shown);
  }
  const problem = line ? lineProblem(line) : null;
  const message = problem ? problemText(t, problem, product) : serverIssue;
  const invalid = Boolean(message);
  return (
    <div className="min-w-0">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        data-quantity-input=""
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-problem` : undefined}
        value={text}
        placeholder="0"
        maxLength={64}
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          if (typed.trim() === '' && !clearable) return;
          onChange(typed);
        }}
        onBlur={() => {
          if (text.trim() === '' && line) setText(shown);
        }}
        onFocus={(e) => e.target.select()}
        className={[
          'block w-full rounded-lg border bg-white text-right tabular-nums text-slate-900 shadow-sm',
          'placeholder:text-slate-300 focus:outline-none focus:ring-2',
          size === 'lg' ? 'px-3 py-2.5 text-base' : 'px-2.5 py-1.5 text-base sm:text-sm',
          invalid
            ? 'border-red-400 bg-red-50/40 focus:border-red-500 focus:ring-red-200'
            : line
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
