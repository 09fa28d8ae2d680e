import type { SerialList } from '@portal/core/couponing';
import type { FormEvent } from 'react';
import { SerialListFields } from '../../../components/serial-list-fields.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';

/**
 * One serial number typed, or up to MAX_SERIALS_PER_QUERY pasted, read live. 'Look up' looks the valid
 * lines up as soon as there is one; a bad line is marked (the summary names it) and left out, rather than
 * holding up the whole list (ADR 053).
 */
export function SerialLookupForm({
  text,
  list,
  onText,
  onSubmit,
  busy,
}: {
  text: string;
  list: SerialList;
  onText: (text: string) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  const t = useT();
  const ready = list.serials.length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit();
  };
  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} className="space-y-4" noValidate role="search">
        <SerialListFields
          section="serials.form"
          rows={4}
          text={text}
          onText={onText}
          list={list}
          submitLabel={t('serials.form.submit')}
          ready={ready}
          busy={busy}
          hint={
            !ready
              ? list.issues.length > 0
                ? t('serials.form.needFixes')
                : t('serials.form.needSerials')
              : list.issues.length > 0
                ? t('serials.form.badLinesLeftOut', { count: list.issues.length })
                : null
          }
        />
      </form>
    </Card>
  );
}
