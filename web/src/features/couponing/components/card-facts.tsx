import { formatAmount } from '@portal/core/shared';
import type { SerialDetails } from '@portal/core/couponing';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatCalendarDay, formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { statusHint } from '../model/status-display.ts';
import { CouponStatusBadge, SerialStatusBadge } from './status-badges.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">{children}</dl>
    </Card>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="break-words text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

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
      <Section title={t('couponing.details.product')}>
        <Field label={t('couponing.details.productName')} wide>
          {card.productName ?? none}
        </Field>
        <Field label={t('couponing.details.brand')}>{card.brand ?? none}</Field>
        <Field label={t('couponing.details.faceValue')}>
          {card.faceValue === null ? none : formatAmount(card.faceValue, fmt.currency, fmt.locale)}
        </Field>
      </Section>
      <Section title={t('couponing.details.giftCard')}>
        <Field label={t('couponing.details.eanProduct')}>
          <span className="tabular-nums">{card.ean}</span>
        </Field>
        <Field label={t('couponing.details.eanSecond')}>
          <span className="tabular-nums">{card.eanSecond ?? none}</span>
        </Field>
        <Field label={t('couponing.details.validUntil')}>{card.validUntil ? formatCalendarDay(card.validUntil, fmt.locale) : none}</Field>
        <Field label={t('couponing.details.retailer')}>{card.retailerName ?? card.retailerId}</Field>
      </Section>
      <Section title={t('couponing.details.status')}>
        <Field label={t('couponing.details.couponingStatus')}>
          <CouponStatusBadge status={card.couponingStatus} />
          {hint ? (
            <span className="mt-1 block text-xs text-slate-600 first-letter:uppercase">{t(`couponing.couponHint.${hint}`)}</span>
          ) : null}
        </Field>
        <Field label={t('couponing.details.serialStatus')}>
          <SerialStatusBadge status={card.serialStatus} />
        </Field>
      </Section>
      <Section title={t('couponing.details.bookings')}>
        <Field label={t('couponing.details.activation')}>{booking(details.activation)}</Field>
        <Field label={t('couponing.details.redemption')}>{booking(details.redemption)}</Field>
      </Section>
    </div>
  );
}
