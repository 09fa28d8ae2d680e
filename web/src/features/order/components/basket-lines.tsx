import type { ProductRow } from '@portal/core/ordering';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import type { OrderBasket } from '../model/order-draft.ts';
import { limitsText } from './product-cells.tsx';
import { QuantityInput } from './quantity-input.tsx';

/**
 * The basket's lines, editable: the quantity (validated live; emptying the field does not drop the
 * line, the remove button does) and remove. Server issues of a position show at its line.
 */
export function BasketLines({
  basket,
  locationId,
  onQuantity,
  onRemove,
  issues,
  disabled = false,
}: {
  basket: OrderBasket;
  locationId: string;
  onQuantity: (product: ProductRow, text: string) => void;
  onRemove: (product: ProductRow) => void;
  issues?: Map<string, string[]>;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <ul className="divide-y divide-slate-100">
      {basket.map((line) => {
        const serverIssue = issues
          ?.get(String(line.product.id))
          ?.map((m) => translateCoreMessage(t, m))
          .join(' · ');
        const invalid = !line.isValid || Boolean(serverIssue);
        return (
          <li
            key={line.product.id}
            className={`flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3.5 sm:flex-nowrap sm:px-5 ${invalid ? 'bg-red-50/40' : ''}`}
          >
            <div className="min-w-0 flex-1 basis-full sm:basis-auto">
              <Link
                to={paths.app.order.product(locationId, line.product.id)}
                className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
              >
                {line.product.name}
              </Link>
              <p className="text-xs text-slate-500">
                {line.product.company} · {t('order.columns.ean')} {line.product.ean}
              </p>
              <p className="text-xs text-slate-500">{limitsText(t, line.product)}</p>
            </div>
            <div className="w-32 flex-1 sm:flex-none">
              <QuantityInput
                product={line.product}
                line={line}
                clearable={false}
                onChange={(text) => onQuantity(line.product, text)}
                label={t('order.products.quantityFor', { name: line.product.name })}
                serverIssue={serverIssue}
              />
            </div>
            <button
              type="button"
              onClick={() => onRemove(line.product)}
              disabled={disabled}
              aria-label={t('order.basket.removeFor', { name: line.product.name })}
              title={t('order.basket.remove')}
              className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40"
            >
              <CloseIcon className="size-5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
