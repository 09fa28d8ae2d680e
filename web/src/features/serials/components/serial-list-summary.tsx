import type { SerialList } from '@portal/core/couponing';
import { SerialListSummary as Summary, serialListTexts } from '../../../components/serial-list-summary.tsx';
import { useT } from '../../../i18n/index.ts';

/** The lookup box's serial list summary (components/serial-list-summary.tsx) in the Serial Numbers section's words. */
export function SerialListSummary({ list, id }: { list: SerialList; id: string }) {
  const t = useT();
  return <Summary list={list} id={id} texts={serialListTexts(t, 'serials.form')} />;
}
