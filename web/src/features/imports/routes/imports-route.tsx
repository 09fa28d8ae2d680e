import { CalendarDay } from '@portal/core/shared';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { type ImportListQuery, useMasterData } from '../api/imports.ts';
import { ImportList } from '../components/import-list.tsx';

/** The folder choice that is no single folder: the user's own (customers), every folder of a day (supplier staff). */
const ALL = '';

/**
 * /connect/imports (ADR 069, ADR 079): the imports of files delivered by SFTP or S3, newest first. A
 * customer's user sees its own folder's (or, chosen, those of a customer it may act for); the supplier's
 * staff (security flag global) a day's imports of every folder (UTC days, as the API keeps them) or one
 * folder's. The choice is in the URL (?owner=, ?day=), so a list is a link.
 */
export function ImportsRoute({ global }: { global: boolean }) {
  const t = useT();
  const master = useMasterData();
  const [params, write] = useUrlState();
  const owner = params.get('owner') ?? ALL;
  const today = new Date().toISOString().slice(0, 10);
  const dayParam = params.get('day') ?? '';
  // A day given by hand that is no calendar day is not sent: the list shows today's until it is one.
  const day = CalendarDay.safeParse(dayParam).success ? dayParam : today;
  const query: ImportListQuery = owner !== ALL ? { owner } : global ? { day } : {};

  const customers = master.data?.customers ?? [];
  const groups = global ? (master.data?.customerGroups ?? []) : [];
  const options = [
    { value: ALL, label: global ? t('imports.folder.everyFolder') : t('imports.folder.own') },
    ...customers.map((c) => ({ value: c.customerId, label: `${c.name} (${c.customerId})` })),
    ...groups.map((g) => ({ value: g.customerGroupId, label: `${g.name} (${g.customerGroupId})` })),
  ];
  if (owner !== ALL && !options.some((o) => o.value === owner)) options.push({ value: owner, label: owner });
  const names = new Map<string, string>([
    ...customers.map((c): [string, string] => [c.customerId, c.name]),
    ...groups.map((g): [string, string] => [g.customerGroupId, g.name]),
  ]);
  const folderName = (id: string) => (id === '' ? t('imports.folder.supplier') : (names.get(id) ?? id));

  return (
    <div>
      <PageHeader title={t('imports.title')} description={t('imports.description')} />
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <div className="grid gap-4 sm:grid-cols-2 lg:max-w-3xl">
            <SelectField
              label={t('imports.folder.label')}
              value={owner}
              options={options}
              onValueChange={(next) => write({ owner: next, day: null })}
            />
            {global && owner === ALL ? (
              <TextField
                type="date"
                label={t('imports.day.label')}
                helperText={t('imports.day.help')}
                value={day}
                max={today}
                required
                onValueChange={(next) => write({ day: next === today ? null : next })}
              />
            ) : null}
          </div>
        </Card>
        <ImportList query={query} folderName={global && owner === ALL ? folderName : undefined} />
      </div>
    </div>
  );
}
