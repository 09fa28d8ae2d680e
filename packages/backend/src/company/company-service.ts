import {
  COMPANY,
  companyChangeNote,
  type CompanyChangeKind,
  type CompanyProfile,
  type CompanyProfileSave,
  type CompanyProfileSaved,
  type CompanyView,
  type PendingCompanyChange,
  profileDiff,
} from '@portal/core/company';
import type { CompanyApprovalSettings } from '@portal/core/shared';
import { requestStatus } from '@portal/core/workflow';
import { type Actor, mayActFor, permissionDenied } from '../access/index.ts';
import { type Customer, getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { transactWrite } from '../platform/db/transact.ts';
import type { Clock } from '../platform/time.ts';
import { bucketOf, getRequestMeta, type RequestService, type StoredRequest } from '../workflow/index.ts';
import {
  auditPut,
  type CompanyLock,
  lockAsSeen,
  lockPut,
  newestAudit,
  profileAt,
  profilePut,
  readCompany,
  type StoredProfile,
} from './company-entity.ts';
import type { CompanyAssetsPort } from './company-effects.ts';

/**
 * A customer's company (SPEC 2 connect "company"; ADR 085). Every connect user who may act for the customer reads
 * it; the customer's own holders of flow.editCompanyProfile change its profile. Where the brand asks for approval
 * (customFields.companyChangesRequireApproval.profile) a save files a request in the "Company profile change"
 * workflow instead, and the approval applies it (company-effects.ts); while one waits, a second is refused.
 */
export type CompanyServiceDeps = {
  db: Db;
  now: Clock;
  requests: Pick<RequestService, 'fileChange'>;
  /** The brand's approval setting for the request's host. */
  approvalFor: (host: string | undefined) => Promise<CompanyApprovalSettings>;
  /** The workflow each kind's changes go to (the demo's, ADR 085). */
  workflowIds: Record<Exclude<CompanyChangeKind, 'documents'>, string>;
  assets?: CompanyAssetsPort;
};

const HISTORY_SHOWN = 10;
const notFound = () => new AppError('not_found', COMPANY.NOT_FOUND, 'Company not found.');
const stale = () =>
  new AppError(
    'conflict',
    COMPANY.STALE,
    'The company profile was changed by someone else since you opened it. Reload it and make your change again.',
  );
/** 409 naming the waiting request: `params` carry its id into `errors.COMPANY.CHANGE_PENDING` of every locale. */
const pendingConflict = (lock: Pick<PendingCompanyChange, 'kind' | 'requestId'>) =>
  new AppError(
    'conflict',
    COMPANY.CHANGE_PENDING,
    `A ${lock.kind} change is already waiting for approval: request ${lock.requestId}. Wait for the decision or archive that request first.`,
    { params: { requestId: lock.requestId } },
  );

/** The profile before any save: the master data's name, the rest empty (rev 0). */
const initialProfile = (customer: Customer): CompanyProfile => ({
  name: customer.name,
  billingAddress: { street: '', postalCode: '', city: '', country: 'DE' },
  shippingAddress: null,
  contacts: [],
  vatId: '',
  invoiceEmail: '',
});

export const mayEditProfile = (actor: Actor, customerId: string) =>
  actor.customerId === customerId && actor.access.modules.flow.permissions.editCompanyProfile === true;

/** The customer if the actor may act for it; else 404, as for one that does not exist. */
async function visibleCustomer(db: Db, actor: Actor, customerId: string): Promise<Customer> {
  const customer = await getCustomer(db, customerId);
  if (!customer || !mayActFor(actor, customer)) throw notFound();
  return customer;
}

export function createCompanyService(deps: CompanyServiceDeps) {
  const { db, now } = deps;
  const visible = (actor: Actor, customerId: string) => visibleCustomer(db, actor, customerId);

  /** The locks whose request still waits (draft or pending): a rejected, approved or archived one's lock is stale. */
  async function live(locks: CompanyLock[]) {
    const held = await Promise.all(locks.map(async (lock) => ({ lock, request: await getRequestMeta(db, lock.requestId) })));
    return held.map(({ lock, request }) => ({ lock, request: request && waits(request) ? request : null }));
  }
  const waits = (r: StoredRequest) => bucketOf(r) === 'open' && !r.rejected;

  /** The kind's lock if it is free to take: null (none) or the stale request holding it; a waiting change is 409 naming it. */
  function freeLock(locks: Awaited<ReturnType<typeof live>>, kind: CompanyChangeKind): string | null {
    const held = locks.find((l) => l.lock.kind === kind);
    if (held?.request) throw pendingConflict(held.lock);
    return held?.lock.requestId ?? null;
  }

  /** A filing's transaction refused: a change of the kind was filed meanwhile (409 naming it), else the profile moved. */
  async function raced(customer: Customer, kind: CompanyChangeKind): Promise<AppError> {
    const { locks } = await state(customer);
    const held = locks.find((l) => l.lock.kind === kind && l.request);
    return held ? pendingConflict(held.lock) : stale();
  }

  async function state(customer: Customer) {
    const company = await readCompany(db, customer.customerId);
    const locks = await live(company.locks);
    return { company, locks, stored: company.profile, profile: company.profile?.profile ?? initialProfile(customer) };
  }

  return {
    async get(actor: Actor, customerId: string, host: string | undefined): Promise<CompanyView> {
      const customer = await visible(actor, customerId);
      const { locks, stored, profile } = await state(customer);
      const [approval, history] = await Promise.all([deps.approvalFor(host), newestAudit(db, customerId, HISTORY_SHOWN)]);
      const pending: PendingCompanyChange[] = [];
      for (const { lock, request } of locks) {
        if (!request) continue;
        pending.push({
          kind: lock.kind,
          requestId: request.id,
          status: requestStatus({ ...request }),
          requestedBy: request.requestedByName ?? request.requestedBy,
          createdAt: request.createdAt,
          diff: lock.diff,
        });
      }
      return {
        customerId,
        profile,
        rev: stored?.rev ?? 0,
        updatedAt: stored?.updatedAt ?? null,
        updatedBy: stored?.updatedBy ?? null,
        pending,
        approvalRequired: approval.profile === true,
        mayEdit: mayEditProfile(actor, customerId),
        history: history.map(({ at, actor: by, kind, requestId, diff }) => ({ at, actor: by, kind, requestId, diff })),
      };
    },

    /**
     * PUT company/:customerId/profile: applied at once (conditional on the revision the form was read at, with its
     * audit entry old → new), or filed for approval when the brand asks for it. A change already waiting is 409
     * COMPANY.CHANGE_PENDING naming its request; a stale form 409 COMPANY.STALE; nothing changed is a no-op.
     */
    async saveProfile(actor: Actor, customerId: string, input: CompanyProfileSave, host: string | undefined): Promise<CompanyProfileSaved> {
      const customer = await visible(actor, customerId);
      if (!mayEditProfile(actor, customerId)) throw permissionDenied();
      const { locks, stored, profile } = await state(customer);
      const rev = stored?.rev ?? 0;
      if (input.rev !== rev) throw stale();
      const staleLock = freeLock(locks, 'profile');
      const diff = profileDiff(profile, input.profile);
      if (diff.length === 0) return { outcome: 'applied', rev };
      const at = now().toISOString();

      if ((await deps.approvalFor(host)).profile === true) {
        const request = await deps.requests.fileChange(
          actor,
          {
            workflowId: deps.workflowIds.profile,
            customer,
            change: { kind: 'profile', proposed: input.profile, diff },
            enquiry: companyChangeNote({ kind: 'profile', fields: diff.length }, actor.locale),
            writes: (requestId) => [
              profileAt(db, customerId, rev),
              lockPut(db, customerId, { kind: 'profile', requestId, diff }, staleLock),
            ],
          },
          () => raced(customer, 'profile'),
        );
        return { outcome: 'filed', requestId: request.id };
      }

      const next: StoredProfile = { customerId, profile: input.profile, rev: rev + 1, updatedAt: at, updatedBy: actor.username };
      try {
        await transactWrite(db, [
          profilePut(db, next, rev),
          lockAsSeen(db, customerId, 'profile', staleLock),
          auditPut(db, customerId, { at, actor: actor.username, kind: 'profile', requestId: null, diff }, String(next.rev)),
        ]);
      } catch (error) {
        if (isConditionFailure(error)) throw stale();
        throw error;
      }
      return { outcome: 'applied', rev: next.rev };
    },

    /**
     * The logo's save (ADR 085; the Logo section stages the file and calls this with its id): applied through the
     * port at once, or filed in the "Company assets change" workflow when the brand asks for approval.
     */
    async changeAssets(
      actor: Actor,
      customerId: string,
      input: { logoId: string },
      host: string | undefined,
    ): Promise<CompanyProfileSaved> {
      const customer = await visible(actor, customerId);
      if (actor.customerId !== customerId || actor.access.modules.flow.permissions.editCompanyAssets !== true) throw permissionDenied();
      const port = deps.assets;
      if (!port) throw new AppError('conflict', COMPANY.CHANGE_SUPERSEDED, 'Logos cannot be changed in this portal yet.');
      const { locks } = await state(customer);
      const staleLock = freeLock(locks, 'assets');
      const diff = [{ field: 'logo', before: null, after: input.logoId }];
      if ((await deps.approvalFor(host)).assets === true) {
        const request = await deps.requests.fileChange(
          actor,
          {
            workflowId: deps.workflowIds.assets,
            customer,
            change: { kind: 'assets', proposed: { logoId: input.logoId }, diff },
            enquiry: companyChangeNote({ kind: 'assets' }, actor.locale),
            writes: (requestId) => [lockPut(db, customerId, { kind: 'assets', requestId, diff }, staleLock)],
          },
          () => raced(customer, 'assets'),
        );
        return { outcome: 'filed', requestId: request.id };
      }
      const at = now().toISOString();
      // Parallel saves of one logo change it once: only the save that changed it writes the audit entry.
      if (await port.apply(customerId, input.logoId, actor.username))
        await transactWrite(db, [
          auditPut(db, customerId, { at, actor: actor.username, kind: 'assets', requestId: null, diff }, input.logoId),
        ]);
      return { outcome: 'applied', rev: 0 };
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
