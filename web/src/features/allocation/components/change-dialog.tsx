import { ALLOCATION_CHANGE_KINDS, type AllocationOverview } from '@portal/core/product';
import { useState } from 'react';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { fileChange } from '../api/allocation.ts';
import { type ChangeForm as Form, inputOf, type Level } from '../model/change-form.ts';

/** The change dialog (ADR 087): kind, product(s), where, the effective date (today or later), a note. */
export function ChangeDialog({ overview, onClose, onFiled }: { overview: AllocationOverview; onClose: () => void; onFiled: () => void }) {
  const t = useT();
  // "Today or later" in the customer's zone, as the server counts it (ADR 108).
  const today = overview.today;
  const first = overview.products[0]?.productId ?? '';
  const [form, setForm] = useState<Form>({
    kind: 'deallocation',
    productId: first,
    toProductId: first,
    level: 'customer',
    divisionId: overview.divisions[0]?.divisionId ?? '',
    storeIds: [],
    effectiveDay: today,
    assetUrl: '',
    productName: '',
    note: '',
  });
  const { busy, problem, run } = useBusyCall();
  const [key] = useState(generateIdempotencyKey);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const products = overview.products.map((p) => ({ value: p.productId, label: p.name }));
  const scoped = form.kind === 'allocation' || form.kind === 'deallocation' || form.kind === 'productChange';
  const submit = () =>
    run(async () => {
      await fileChange(overview.customerId, inputOf(form), key);
      onFiled();
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('allocation.newChange')}
      closeLabel={t('allocation.close')}
      actions={
        <Button onClick={() => void submit()} disabled={busy}>
          {busy ? t('allocation.saving') : t('allocation.save')}
        </Button>
      }
    >
      <div className="space-y-4">
        <ProblemAlert problem={problem} />
        <SelectField
          label={t('allocation.form.kind')}
          value={form.kind}
          options={ALLOCATION_CHANGE_KINDS.map((kind) => ({ value: kind, label: t(`allocation.kinds.${kind}`) }))}
          onValueChange={(kind) => set({ kind })}
        />
        {form.kind === 'productCreation' ? (
          <TextField
            label={t('allocation.form.productName')}
            value={form.productName}
            maxLength={200}
            onValueChange={(productName) => set({ productName })}
          />
        ) : (
          <SelectField
            label={t('allocation.form.product')}
            value={form.productId}
            options={products}
            onValueChange={(productId) => set({ productId })}
          />
        )}
        {form.kind === 'productChange' ? (
          <SelectField
            label={t('allocation.form.toProduct')}
            value={form.toProductId}
            options={products}
            onValueChange={(toProductId) => set({ toProductId })}
          />
        ) : null}
        {form.kind === 'assetChange' ? (
          <TextField
            label={t('allocation.form.assetUrl')}
            value={form.assetUrl}
            maxLength={500}
            onValueChange={(assetUrl) => set({ assetUrl })}
          />
        ) : null}
        {scoped ? <ScopeFields overview={overview} form={form} set={set} /> : null}
        <TextField
          type="date"
          label={t('allocation.form.effectiveDay')}
          value={form.effectiveDay}
          min={today}
          helperText={t('allocation.form.dayInZone', { timezone: overview.timezone })}
          onValueChange={(effectiveDay) => set({ effectiveDay })}
        />
        <TextField label={t('allocation.form.note')} value={form.note} maxLength={1000} onValueChange={(note) => set({ note })} />
      </div>
    </Dialog>
  );
}

function ScopeFields({ overview, form, set }: { overview: AllocationOverview; form: Form; set: (patch: Partial<Form>) => void }) {
  const t = useT();
  const levels: Level[] = overview.divisions.length ? ['customer', 'division', 'stores'] : ['customer', 'stores'];
  return (
    <>
      <SelectField
        label={t('allocation.form.level')}
        value={form.level}
        options={levels.map((level) => ({ value: level, label: t(`allocation.levels.${level}`) }))}
        onValueChange={(level) => set({ level })}
      />
      {form.level === 'division' ? (
        <SelectField
          label={t('allocation.form.division')}
          value={form.divisionId}
          options={overview.divisions.map((d) => ({ value: d.divisionId, label: d.name }))}
          onValueChange={(divisionId) => set({ divisionId })}
        />
      ) : null}
      {form.level === 'stores' ? (
        <fieldset className="max-h-48 space-y-2 overflow-y-auto rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">{t('allocation.form.stores')}</legend>
          {overview.stores.map((s) => (
            <CheckboxField
              key={s.storeId}
              label={`${s.name} (${s.storeId})`}
              checked={form.storeIds.includes(s.storeId)}
              onCheckedChange={(on) =>
                set({ storeIds: on ? [...form.storeIds, s.storeId] : form.storeIds.filter((id) => id !== s.storeId) })
              }
            />
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
