import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { type MemberScope, SCOPE_KINDS, type ScopeKind, type ScopeOptions } from '../model/members.ts';
import { type PermissionRef, permissionText } from '../model/permissions.ts';

/** `keys` with `key` added or taken out. */
export const toggled = (keys: readonly string[], key: string, on: boolean): string[] =>
  on ? [...new Set([...keys, key])] : keys.filter((k) => k !== key);

/**
 * The permissions an admin may hand out, one checkbox each in words (ADR 113): only what the admin holds
 * itself is offered; a held permission the admin does not have shows as a line it cannot change.
 */
export function PermissionChecks({
  offered,
  held,
  onChange,
  error,
}: {
  offered: readonly PermissionRef[];
  /** The account's current `module.permission` keys. */
  held: readonly string[];
  onChange: (keys: string[]) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const offeredKeys = new Set(offered.map((p) => p.key));
  const fixed = held.filter((key) => !offeredKeys.has(key));
  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'team-permissions-error' : undefined}>
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
 * The retailers, stores and divisions in scope (ADR 113), a checkbox list per kind: only the admin's own
 * ones are offered, so the scope never reaches beyond the admin's. A kind the admin has none of is left out.
 */
export function ScopeChecks({
  options,
  scope,
  onChange,
}: {
  options: ScopeOptions;
  scope: MemberScope;
  onChange: (scope: MemberScope) => void;
}) {
  const t = useT();
  const kinds = SCOPE_KINDS.filter((kind) => options[kind].length > 0);
  if (kinds.length === 0) return null;
  const set = (kind: ScopeKind, ids: string[]) => onChange({ ...scope, [kind]: ids });
  return (
    <div className="space-y-4">
      {kinds.map((kind) => (
        <fieldset key={kind} className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">{t(`team.scope.${kind}`)}</legend>
          <p className="text-xs text-slate-500">{t('team.scope.hint')}</p>
          <div className="grid max-h-60 gap-2 overflow-y-auto sm:grid-cols-2">
            {options[kind].map((option) => (
              <CheckboxField
                key={option.id}
                label={option.name}
                checked={scope[kind].includes(option.id)}
                onCheckedChange={(on) => set(kind, toggled(scope[kind], option.id, on))}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
