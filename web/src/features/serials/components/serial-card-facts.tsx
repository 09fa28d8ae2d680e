import type { SerialCard } from '@portal/core/transaction';
import { Fact } from '../../../components/fact.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { CARD_STATUS_THEME, SERIAL_STATUS_THEME } from '../model/serial-lookup.ts';

/** A booking (activation, redemption): date and time in the user's zone and the terminal; a dash when none. */
function Booking({ booking }: { booking: SerialCard['activation'] }) {
  const t = useT();
  const fmt = useUserFormat();
  if (!booking) return <span className="text-slate-400">{t('serials.card.none')}</span>;
  return (
    <>
      <time dateTime={booking.at}>{formatDateTime(booking.at, fmt)}</time>
      <span className="block text-xs text-slate-500">{t('serials.card.atTerminal', { terminal: booking.terminalId })}</span>
    </>
  );
}

/** One card carrying the serial: product, card and serial status, activation, redemption and its owner. */
export function SerialCardFacts({ card }: { card: SerialCard }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-inset ring-slate-200 md:grid-cols-3 lg:grid-cols-6">
      <div className="col-span-2 min-w-0 md:col-span-1 lg:col-span-2">
        <Fact look="stacked" label={t('serials.card.product')}>
          <span className="font-medium">{card.productName ?? t('serials.card.unknownProduct')}</span>
          <span className="block font-mono text-xs text-slate-500">
            {t('serials.card.ean')} {card.ean}
          </span>
        </Fact>
      </div>
      <Fact look="stacked" label={t('serials.card.cardStatus')}>
        <Badge theme={CARD_STATUS_THEME[card.cardStatus] ?? 'gray'}>{t(`serials.cardStatus.${card.cardStatus}`)}</Badge>
      </Fact>
      <Fact look="stacked" label={t('serials.card.serialStatus')}>
        <Badge theme={SERIAL_STATUS_THEME[card.serialStatus] ?? 'gray'}>
          {/* The spec's serial statuses are lower case (they read inside sentences): capitalised as a label here. */}
          <span className="inline-block first-letter:uppercase">{t(`serials.serialStatus.${card.serialStatus}`)}</span>
        </Badge>
      </Fact>
      <div className="col-span-2 min-w-0 md:col-span-1 lg:col-span-2">
        <Fact look="stacked" label={t('serials.card.owner')}>
          {card.customerName ?? card.customerId}
          <span className="block font-mono text-xs text-slate-500">{card.customerId}</span>
        </Fact>
      </div>
      <Fact look="stacked" label={t('serials.card.activation')}>
        <Booking booking={card.activation} />
      </Fact>
      <Fact look="stacked" label={t('serials.card.redemption')}>
        <Booking booking={card.redemption} />
      </Fact>
    </dl>
  );
}
