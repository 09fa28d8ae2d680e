import { formatAmount } from '@portal/core/shared';
import type { SerialDetails } from '@portal/core/couponing';
import { Fact, FactsCard } from '../../../components/fact.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatCalendarDay, formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { statusHint } from '../model/status-display.ts';
import { CouponStatusBadge, SerialStatusBadge } from './status-badges.tsx';

/**
 * What the Details step knows about one card (SPEC 3 Couponing serial check): product, gift card
 * (eanProduct, eanSecond), status with the spec's note, activation and redemption (time in the user's
 * zone and terminal), valid until, retailer.
 */
export function CardFacts({ details }: { details: SerialDetails }) {
  const t = useT();
  const fmt = useUserFormat();
  const { card } = details;
  const none = t('couponing.details.none');
  const hint = statusHint(card);
  const booking = (b: SerialDetails['activation']) =>
    b ? (
      <>
        <time dateTime={b.at} className="block">
          {formatDateTime(b.at, fmt)}
        </time>
        <span className="text-slate-600">{t('couponing.details.onTerminal', { terminal: b.terminalId })}</span>
      </>
    ) : (
      none
    );

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FactsCard title={t('couponing.details.product')}>
        <Fact look="caps" className="col-span-2" label={t('couponing.details.productName')}>
          {card.productName ?? none}
        </Fact>
        <Fact look="caps" label={t('couponing.details.brand')}>
          {card.brand ?? none}
        </Fact>
        <Fact look="caps" label={t('couponing.details.faceValue')}>
          {card.faceValue === null ? none : formatAmount(card.faceValue, fmt.currency, fmt.locale)}
        </Fact>
      </FactsCard>
      <FactsCard title={t('couponing.details.giftCard')}>
        <Fact look="caps" label={t('couponing.details.eanProduct')}>
          <span className="tabular-nums">{card.ean}</span>
        </Fact>
        <Fact look="caps" label={t('couponing.details.eanSecond')}>
          <span className="tabular-nums">{card.eanSecond ?? none}</span>
        </Fact>
        <Fact look="caps" label={t('couponing.details.validUntil')}>
          {card.validUntil ? formatCalendarDay(card.validUntil, fmt.locale) : none}
        </Fact>
        <Fact look="caps" label={t('couponing.details.retailer')}>
          {card.retailerName ?? card.retailerId}
        </Fact>
      </FactsCard>
      <FactsCard title={t('couponing.details.status')}>
        <Fact look="caps" label={t('couponing.details.couponingStatus')}>
          <CouponStatusBadge status={card.couponingStatus} />
          {hint ? (
            <span className="mt-1 block text-xs text-slate-600 first-letter:uppercase">{t(`couponing.couponHint.${hint}`)}</span>
          ) : null}
        </Fact>
        <Fact look="caps" label={t('couponing.details.serialStatus')}>
          <SerialStatusBadge status={card.serialStatus} />
        </Fact>
      </FactsCard>
      <FactsCard title={t('couponing.details.bookings')}>
        <Fact look="caps" label={t('couponing.details.activation')}>
          {booking(details.activation)}
        </Fact>
        <Fact look="caps" label={t('couponing.details.redemption')}>
          {booking(details.redemption)}
        </Fact>
      </FactsCard>
    </div>
  );
}
