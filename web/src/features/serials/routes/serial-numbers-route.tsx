import { parseSerialList } from '@portal/core/couponing';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../i18n/index.ts';
import { useMasterData, useSerialLookup } from '../api/serial-lookup.ts';
import { SerialLookupForm } from '../components/serial-lookup-form.tsx';
import { SerialResult } from '../components/serial-result.tsx';
import { lookupCounts, paramsOfSerials, SERIALS_PARAM, serialsOfParams, textOfSerials } from '../model/serial-lookup.ts';

/**
 * /connect/serial-numbers (ADR 034): one serial typed or up to 100 pasted, then per serial
 * its cards (product, card and serial status, activation, redemption, owner) and its transactions. The
 * serials looked up are in the URL: a lookup is a link, the back button steps through lookups.
 */
export function SerialNumbersRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const asked = useMemo(() => serialsOfParams(params), [params]);
  const lookup = useSerialLookup(asked);
  const master = useMasterData();

  // The box edits a draft of the serials in the URL; a new URL (a lookup, the back button) starts it over.
  const appliedKey = params.get(SERIALS_PARAM) ?? '';
  const [form, setForm] = useState({ key: appliedKey, text: textOfSerials(asked) });
  const current = form.key === appliedKey ? form : { key: appliedKey, text: textOfSerials(asked) };
  const list = useMemo(() => parseSerialList(current.text), [current.text]);

  const submit = () => {
    const next = paramsOfSerials(list.serials);
    const nextKey = next.get(SERIALS_PARAM) ?? '';
    // The same serials again read again (a card may have changed) rather than showing what is cached.
    if (nextKey === appliedKey) void lookup.mutate();
    else {
      // The box keeps what was typed, bad lines included, so they stay marked beside the results.
      setForm({ key: nextKey, text: current.text });
      setParams(next);
    }
  };

  const results = lookup.data?.results;
  const counts = results ? lookupCounts(results) : null;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('serials.title')} description={t('serials.description')} />
      <SerialLookupForm
        text={current.text}
        list={list}
        onText={(text) => setForm({ key: appliedKey, text })}
        onSubmit={submit}
        busy={lookup.isValidating}
      />
      {asked.length > 0 ? (
        <section aria-labelledby="serial-results" className="mt-6 space-y-4" aria-busy={lookup.isValidating || undefined}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="serial-results" className="text-lg font-semibold text-slate-900">
              {t('serials.results.title')}
            </h2>
            {counts ? (
              <p className="text-sm text-slate-600" role="status">
                {t('serials.results.summary', { count: results!.length, found: counts.found, notFound: counts.notFound })}
              </p>
            ) : null}
          </div>
          {lookup.error && !results ? (
            <Alert theme="red" role="alert" title={t('serials.results.failed')}>
              <Button theme="secondary" className="mt-2" onClick={() => void lookup.mutate()}>
                {t('serials.results.retry')}
              </Button>
            </Alert>
          ) : !results ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" />
              {t('serials.results.loading')}
            </p>
          ) : (
            results.map((result) => <SerialResult key={result.serial} result={result} master={master.data} />)
          )}
        </section>
      ) : null}
    </div>
  );
}
