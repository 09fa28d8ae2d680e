import { CompanyProfile, type CompanyView } from '@portal/core/company';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChangeDiff } from '../../../components/change-diff.tsx';
import { Fact } from '../../../components/fact.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader, SectionCard } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldText, type MessageKey, optionalText, useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { saveProfile, useCompany } from '../api/company.ts';

type Draft = CompanyView['profile'];
type Address = Draft['billingAddress'];
type Issues = Record<string, string>;
const EMPTY_ADDRESS: Address = { street: '', postalCode: '', city: '', country: 'DE' };
const EMPTY_CONTACT = { name: '', role: '', email: '', phone: '' };

function AddressFields({
  prefix,
  value,
  onChange,
  issues,
}: {
  prefix: string;
  value: Address;
  onChange: (a: Address) => void;
  issues: Issues;
}) {
  const t = useT();
  const field = (name: keyof Address, label: MessageKey, className = '') => (
    <TextField
      label={t(label)}
      value={value[name]}
      onValueChange={(v) => onChange({ ...value, [name]: v })}
      error={issues[`${prefix}.${name}`]}
      className={className}
      required
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      {field('street', 'company.fields.street', 'sm:col-span-6')}
      {field('postalCode', 'company.fields.postalCode', 'sm:col-span-2')}
      {field('city', 'company.fields.city', 'sm:col-span-2')}
      {field('country', 'company.fields.country', 'sm:col-span-2')}
    </div>
  );
}

/** The contact persons, each a fieldset with its own remove button. */
function ContactFields({
  contacts,
  onChange,
  issues,
}: {
  contacts: Draft['contacts'];
  onChange: (c: Draft['contacts']) => void;
  issues: Issues;
}) {
  const t = useT();
  const set = (patch: { contacts: Draft['contacts'] }) => onChange(patch.contacts);
  const setContact = (i: number, patch: Partial<Draft['contacts'][number]>) =>
    onChange(contacts.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <SectionCard title={t('company.sections.contacts')}>
      {contacts.map((c, i) => {
        // A contact's field: its value, its change, and the server's or core's issue at `contacts.<i>.<key>`.
        const field = (key: keyof typeof c) => ({
          value: c[key],
          onValueChange: (value: string) => setContact(i, { [key]: value }),
          error: issues[`contacts.${i}.${key}`],
        });
        return (
          <fieldset key={i} className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">{t('company.contact', { n: i + 1 })}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={t('company.fields.contactName')} {...field('name')} required />
              <TextField label={t('company.fields.role')} {...field('role')} />
              <TextField label={t('company.fields.email')} type="email" {...field('email')} required />
              <TextField label={t('company.fields.phone')} {...field('phone')} />
            </div>
            <Button theme="text" onClick={() => set({ contacts: contacts.filter((_, j) => j !== i) })}>
              {t('company.removeContact', { n: i + 1 })}
            </Button>
          </fieldset>
        );
      })}
      <Button theme="secondary" onClick={() => set({ contacts: [...contacts, { ...EMPTY_CONTACT }] })}>
        {t('company.addContact')}
      </Button>
    </SectionCard>
  );
}

/** The profile form: every field checked with core's contract before it is sent, the server's issues shown at their field. */
function ProfileForm({ company, onDone }: { company: CompanyView; onDone: (message: string) => void }) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(company.profile);
  const [issues, setIssues] = useState<Issues>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const contacts = draft.contacts;

  const submit = async () => {
    const checked = CompanyProfile.safeParse(draft);
    if (!checked.success) {
      setIssues(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), fieldText(t, i.message)])));
      setProblem(t('company.fixFields'));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveProfile(company.customerId, { rev: company.rev, profile: checked.data });
      onDone(saved.outcome === 'filed' ? t('company.filed', { requestId: saved.requestId }) : t('company.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'COMPANY.STALE') return onDone(t('company.stale'));
      const byPath: Issues = {};
      if (error instanceof ApiError)
        for (const i of error.issues ?? []) byPath[i.path.replace(/^profile\./, '')] ??= fieldText(t, i.message, i.code);
      setIssues(byPath);
      setProblem(error instanceof ApiError && error.status === 409 ? error.message : t('company.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="space-y-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {problem ? (
        <Alert theme="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {company.approvalRequired ? <Alert theme="blue">{t('company.approvalNote')}</Alert> : null}
      <SectionCard title={t('company.sections.general')}>
        <TextField
          label={t('company.fields.name')}
          value={draft.name}
          onValueChange={(name) => set({ name })}
          error={issues['name']}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('company.fields.vatId')}
            value={draft.vatId}
            onValueChange={(vatId) => set({ vatId })}
            error={issues['vatId']}
          />
          <TextField
            label={t('company.fields.invoiceEmail')}
            type="email"
            value={draft.invoiceEmail}
            onValueChange={(invoiceEmail) => set({ invoiceEmail })}
            error={issues['invoiceEmail']}
            required
          />
        </div>
      </SectionCard>
      <SectionCard title={t('company.sections.billing')}>
        <AddressFields
          prefix="billingAddress"
          value={draft.billingAddress}
          onChange={(billingAddress) => set({ billingAddress })}
          issues={issues}
        />
      </SectionCard>
      <SectionCard title={t('company.sections.shipping')}>
        <CheckboxField
          label={t('company.separateShipping')}
          checked={draft.shippingAddress !== null}
          onCheckedChange={(on) => set({ shippingAddress: on ? { ...EMPTY_ADDRESS } : null })}
        />
        {draft.shippingAddress ? (
          <AddressFields
            prefix="shippingAddress"
            value={draft.shippingAddress}
            onChange={(shippingAddress) => set({ shippingAddress })}
            issues={issues}
          />
        ) : null}
      </SectionCard>
      <ContactFields contacts={contacts} onChange={(next) => set({ contacts: next })} issues={issues} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? t('company.saving') : t('company.save')}
        </Button>
        <Button theme="secondary" onClick={() => onDone('')}>
          {t('company.cancel')}
        </Button>
      </div>
    </form>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact look="row" className="py-2" label={label}>
      {children}
    </Fact>
  );
}

const addressText = (a: Address | null) => (a ? `${a.street}, ${a.postalCode} ${a.city}, ${a.country}` : null);

/** The profile as it is now, what waits for approval, and the latest changes (old → new). */
function ProfileView({ company }: { company: CompanyView }) {
  const t = useT();
  const format = useUserFormat();
  const { profile } = company;
  const none = t('company.none');
  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-5">
        <dl className="divide-y divide-slate-100">
          <Row label={t('company.fields.name')}>{profile.name}</Row>
          <Row label={t('company.sections.billing')}>{profile.billingAddress.street ? addressText(profile.billingAddress) : none}</Row>
          <Row label={t('company.sections.shipping')}>{addressText(profile.shippingAddress) ?? t('company.sameAsBilling')}</Row>
          <Row label={t('company.fields.vatId')}>{profile.vatId || none}</Row>
          <Row label={t('company.fields.invoiceEmail')}>{profile.invoiceEmail || none}</Row>
          <Row label={t('company.sections.contacts')}>
            {profile.contacts.length === 0 ? (
              t('company.noContacts')
            ) : (
              <ul className="space-y-1">
                {profile.contacts.map((c, i) => (
                  <li key={i}>{[c.name, c.role, c.email, c.phone].filter(Boolean).join(' · ')}</li>
                ))}
              </ul>
            )}
          </Row>
        </dl>
        {company.updatedAt ? (
          <p className="mt-3 text-xs text-slate-500">
            {t('company.updated', { at: formatDateTime(company.updatedAt, format), by: company.updatedBy ?? '' })}
          </p>
        ) : null}
      </Card>
      <SectionCard title={t('company.sections.history')}>
        {company.history.length === 0 ? (
          <p className="text-sm text-slate-500">{t('company.historyEmpty')}</p>
        ) : (
          <ul className="space-y-4">
            {company.history.map((h) => {
              const entry = `${t('company.historyEntry', { at: formatDateTime(h.at, format), by: h.actor })} · ${
                h.requestId ? t('company.viaRequest', { requestId: h.requestId }) : t('company.direct')
              }`;
              return (
                <li key={`${h.at}-${h.requestId ?? ''}`}>
                  <p className="text-sm text-slate-700">{entry}</p>
                  {/* Each entry's diff named by its entry: the regions of the list tell apart. */}
                  <ChangeDiff diff={h.diff} caption={entry} />
                </li>
              );
            })}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}

/** /connect/company (SPEC 2 connect "company"; ADR 085): the company profile, edited at once or sent for approval. */
export function CompanyRoute() {
  const t = useT();
  const format = useUserFormat();
  const result = useCompany();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');
  const company = result.data;
  const pending = company?.pending.find((p) => p.kind === 'profile');
  return (
    <>
      <PageHeader
        title={t('company.title')}
        description={t('company.intro')}
        actions={
          company?.mayEdit && !editing && !pending ? (
            <Button
              onClick={() => {
                setNotice('');
                setEditing(true);
              }}
            >
              {t('company.edit')}
            </Button>
          ) : null
        }
      />
      {notice ? (
        <Alert theme="green" className="mb-4" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      ) : null}
      {pending ? (
        <Alert theme="yellow" className="mb-4" title={t('company.pendingTitle')}>
          <p>
            {t('company.pendingText', {
              requestId: pending.requestId,
              status: optionalText(`requests.status.${pending.status}`) ?? pending.status,
              by: pending.requestedBy,
              at: formatDateTime(pending.createdAt, format),
            })}
          </p>
          <p className="mt-2">
            <Link className="font-medium underline" to={paths.connect.request(pending.requestId)}>
              {t('company.openRequest', { requestId: pending.requestId })}
            </Link>
          </p>
          <div className="mt-3 rounded-lg bg-white p-3">
            <ChangeDiff diff={pending.diff} caption={t('changeDiff.title')} />
          </div>
        </Alert>
      ) : null}
      <QueryState
        result={result}
        failedMessage={t('company.loadFailed')}
        retryLabel={t('company.retry')}
        loadingLabel={t('company.loading')}
      >
        {(data) =>
          editing && data.mayEdit && !pending ? (
            <ProfileForm
              company={data}
              onDone={(message) => {
                setEditing(false);
                setNotice(message);
                void result.mutate();
              }}
            />
          ) : (
            <ProfileView company={data} />
          )
        }
      </QueryState>
    </>
  );
}
