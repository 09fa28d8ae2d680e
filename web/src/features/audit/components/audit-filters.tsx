import { AUDIT_KIND_GROUPS, type AuditKind, AuditKind as AuditKindSchema } from '@portal/core/audit';
import { DATE_PRESETS } from '@portal/core/shared';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateRangeField, presetOptions } from '../../../components/ui/date-range-field.tsx';
import { FieldLabel } from '../../../components/ui/text-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { type AuditFilter, type RangeProblem, withPreset } from '../model/audit-filter.ts';
import { kindNameKey } from '../model/audit-words.ts';

const GROUPS = Object.entries(AUDIT_KIND_GROUPS) as [keyof typeof AUDIT_KIND_GROUPS, readonly AuditKind[]][];

/**
 * The audit log's filter form (ADR 116): person (a username), kind (grouped: sign-ins, accounts, …) and the
 * period with SPEC 4's presets. Nothing is asked until Search; a range with a problem says so at the dates.
 */
export function AuditFilters({
  draft,
  onChange,
  onSearch,
  onClear,
  problem,
  today,
  busy,
}: {
  draft: AuditFilter;
  onChange: (draft: AuditFilter) => void;
  onSearch: (event: FormEvent) => void;
  onClear: () => void;
  problem: RangeProblem;
  today: () => string;
  busy: boolean;
}) {
  const t = useT();
  const kindId = useId();
  const presets = presetOptions(DATE_PRESETS, draft.preset, (p) => t(`audit.presets.${p}`));
  return (
    <form onSubmit={onSearch} noValidate className="space-y-4" aria-label={t('audit.filters.title')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('audit.filters.person')}
          value={draft.person}
          onValueChange={(person) => onChange({ ...draft, person })}
          helperText={t('audit.filters.personHint')}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="space-y-1.5">
          <FieldLabel htmlFor={kindId}>{t('audit.filters.kind')}</FieldLabel>
          {/* A native select with the kinds in their groups (optgroup): the platform's picker on phones. */}
          <select
            id={kindId}
            value={draft.kind}
            onChange={(e) => {
              const kind = AuditKindSchema.safeParse(e.target.value);
              onChange({ ...draft, kind: kind.success ? kind.data : '' });
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 sm:text-sm"
          >
            <option value="">{t('audit.filters.allKinds')}</option>
            {GROUPS.map(([group, kinds]) => (
              <optgroup key={group} label={t(`audit.groups.${group}`)}>
                {kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(kindNameKey(kind))}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>
      <DateRangeField
        presets={presets}
        preset={draft.preset}
        onPresetChange={(preset) => onChange(withPreset(draft, preset, today()))}
        value={{ from: draft.from, to: draft.to }}
        onChange={({ from, to }) => onChange({ ...draft, preset: 'custom', from, to })}
        error={problem ? t(`audit.problems.${problem}`) : undefined}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          {t('audit.filters.search')}
        </Button>
        <Button theme="secondary" onClick={onClear}>
          {t('audit.filters.clear')}
        </Button>
      </div>
    </form>
  );
}
