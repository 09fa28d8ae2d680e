import type { TeamScope } from '@portal/core/auth/team';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { type PermissionRef, permissionText } from '../model/permissions.ts';
import { seatsAt, type TeamCap } from '../model/seats.ts';

/** `keys` with `key` added or taken out. */
export const toggled = (keys: readonly string[], key: string, on: boolean): string[] =>
  on ? [...new Set([...keys, key])] : keys.filter((k) => k !== key);

/**
 * The permissions an admin may hand out, one checkbox each in words (ADR 113): only what the admin holds
 * itself is offered (the overview's `grantable`); a held permission beyond it shows as a line it cannot change.
 */
export function PermissionChecks({
  offered,
  held,
  onChange,
  error,
  disabled = false,
}: {
  offered: readonly PermissionRef[];
  /** The account's current `module.permission` keys. */
  held: readonly string[];
  onChange: (keys: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const t = useT();
  const offeredKeys = new Set(offered.map((p) => p.key));
  const fixed = held.filter((key) => !offeredKeys.has(key));
  return (
    <fieldset className="space-y-3" disabled={disabled} aria-describedby={error ? 'team-permissions-error' : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{t('team.fields.permissions')}</legend>
      <p className="text-xs text-slate-500">{t('team.fields.permissionsHint')}</p>
      {offered.length === 0 ? <p className="text-sm text-slate-600">{t('team.fields.nothingToGrant')}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {offered.map((permission) => (
          <CheckboxField
            key={permission.key}
            label={permissionText(permission)}
            checked={held.includes(permission.key)}
            onCheckedChange={(on) => onChange(toggled(held, permission.key, on))}
          />
        ))}
      </div>
      {fixed.length > 0 ? (
        <p className="text-xs text-slate-600">
          {t('team.fields.notYours', { permissions: fixed.map((key) => permissionText({ key })).join(', ') })}
        </p>
      ) : null}
      {error ? (
        <p id="team-permissions-error" className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Where the account belongs (ADR 113): the admin's own customer, a retailer of its group or the group
 * itself; only the admin's own scopes are offered, so an account never reaches beyond the admin's.
 */
export function ScopeSelect({
  scopes,
  value,
  onChange,
  error,
  disabled = false,
  cap,
}: {
  scopes: readonly TeamScope[];
  value: string;
  onChange: (customerId: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** With several customers to choose from, each option says how many of the brand's seats it has in use (ADR 113). */
  cap?: TeamCap | undefined;
}) {
  const t = useT();
  const seats = (customerId: string) => {
    const limit = cap?.limit ?? null;
    return cap && limit !== null && scopes.length > 1 ? ` · ${t('team.cap.option', { used: seatsAt(cap, customerId), limit })}` : '';
  };
  const options = scopes.map((scope) => ({
    value: scope.customerId,
    label: `${scope.name} (${t(`team.scope.${scope.kind}`)})${seats(scope.customerId)}`,
  }));
  if (!scopes.some((scope) => scope.customerId === value)) options.unshift({ value, label: value });
  return (
    <div className="space-y-1">
      <SelectField
        label={t('team.fields.scope')}
        helperText={t('team.scope.hint')}
        value={value}
        options={options}
        onValueChange={onChange}
        disabled={disabled || scopes.length <= 1}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
