import type { SerialList } from '@portal/core/couponing';
import { SerialListSummary as Summary } from '../../../components/serial-list-summary.tsx';
import { useT } from '../../../i18n/index.ts';

/** The Filter step's serial list summary (components/serial-list-summary.tsx) in couponing's words. */
export function SerialListSummary({ list, id }: { list: SerialList; id: string }) {
  const t = useT();
  return (
    <Summary
      list={list}
      id={id}
      texts={{
        ready: (count) => t('couponing.filter.ready', { count }),
        repeats: (count) => t('couponing.filter.repeats', { count }),
        issuesTitle: (count) => t('couponing.filter.issuesTitle', { count }),
        issueLine: (line) => t('couponing.filter.issueLine', { line }),
        badFormat: t('couponing.filter.badFormat'),
        tooMany: (max) => t('couponing.filter.tooMany', { max }),
      }}
    />
  );
}
