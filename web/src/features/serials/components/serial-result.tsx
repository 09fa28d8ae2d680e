import type { SerialLookupResult } from '@portal/core/transaction';
import type { MasterData } from '@portal/core/masterdata';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { SerialCardFacts } from './serial-card-facts.tsx';
import { SerialTransactions } from './serial-transactions.tsx';

/**
 * One looked-up serial: its cards and transactions, or the "no results" message. A serial whose cards are
 * all another customer's but whose transactions are visible says so (ADR 034).
 */
export function SerialResult({ result, master }: { result: SerialLookupResult; master: MasterData | undefined }) {
  const t = useT();
  const headingId = `serial-${result.serial}`;
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId} className="space-y-4">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="break-all font-mono text-base font-semibold text-slate-900 sm:text-lg">
            {result.serial}
          </h2>
          <Badge theme={result.found ? 'green' : 'gray'}>{result.found ? t('serials.results.found') : t('serials.results.notFound')}</Badge>
        </header>
        {!result.found ? (
          <p className="text-sm text-slate-600">{t('serials.results.notFoundText')}</p>
        ) : (
          <>
            {result.cards.length === 0 ? <p className="text-sm text-slate-600">{t('serials.results.noCardText')}</p> : null}
            {result.cards.map((card) => (
              <section key={card.ean} aria-label={t('serials.results.card', { ean: card.ean })}>
                <SerialCardFacts card={card} />
              </section>
            ))}
            <section aria-labelledby={`${headingId}-tx`} className="space-y-2">
              <h3 id={`${headingId}-tx`} className="text-sm font-semibold text-slate-900">
                {t('serials.transactions.title')}
                {result.transactions.length > 0 ? (
                  <span className="ml-1.5 font-normal text-slate-500">({result.transactions.length})</span>
                ) : null}
              </h3>
              <SerialTransactions serial={result.serial} transactions={result.transactions} master={master} />
            </section>
          </>
        )}
      </article>
    </Card>
  );
}
