import { COMPANY, CompanyProfile, profileDiff } from '@portal/core/company';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import type { Clock } from '../platform/time.ts';
import { type ChangeEffect, changeEffects, type StoredChange } from '../workflow/index.ts';
import {
  auditPut,
  claimEffect,
  type CompanyEffect,
  effectPut,
  effectsToRetry,
  finishEffect,
  lockRelease,
  profilePut,
  readCompany,
} from './company-entity.ts';

/**
 * What approving a company change does (ADR 085): each kind registers its apply here, once, and the workflow's
 * final approval runs it in its own transaction (workflow/change-effects.ts). `profile` writes the profile
 * itself there; `assets` (the logo) is applied by the logo's own code behind the port below, so its approval
 * writes an outbox row that is then claimed conditionally and handed to the port (again by the scheduled sweep,
 * `retryCompanyEffects`, if the port failed: the port's apply must be idempotent).
 */
export interface CompanyAssetsPort {
  /**
   * Makes the staged logo `logoId` the customer's logo (idempotent: applying it twice leaves it the logo);
   * true when this call changed it. `by` is who the logo's own history names.
   */
  apply(customerId: string, logoId: string, by: string): Promise<boolean>;
}

/** How long a claim of an outbox row keeps others off it (a port call that never returns lets the next one try). */
const CLAIM_MS = 60_000;

const superseded = (requestId: string) =>
  new AppError(
    'conflict',
    COMPANY.CHANGE_SUPERSEDED,
    `Request ${requestId} no longer holds its change: a later change was filed after it was rejected. Archive this request.`,
  );

/** The kind's lock must be held by the request being approved: else the change it proposes was superseded. */
async function assertHolds(db: Db, customerId: string, kind: string, requestId: string) {
  const { locks, profile } = await readCompany(db, customerId);
  if (!locks.some((l) => l.kind === kind && l.requestId === requestId)) throw superseded(requestId);
  return profile;
}

export const assetsProposal = (change: Pick<StoredChange, 'proposed'>): string => {
  const logoId = change.proposed.logoId;
  if (typeof logoId !== 'string' || logoId === '')
    throw new AppError('conflict', COMPANY.CHANGE_SUPERSEDED, 'The proposed logo is missing.');
  return logoId;
};

/** Hands an approved asset change to the port: claim, apply, delete the row; a lost claim is another's work. */
export async function runEffect(
  db: Db,
  now: Clock,
  port: CompanyAssetsPort,
  customerId: string,
  effect: Pick<CompanyEffect, 'requestId' | 'proposed'>,
) {
  const at = now();
  const until = new Date(at.getTime() + CLAIM_MS).toISOString();
  if (!(await claimEffect(db, customerId, effect.requestId, at.toISOString(), until))) return;
  await port.apply(customerId, assetsProposal(effect), `request ${effect.requestId}`);
  await finishEffect(db, customerId, effect.requestId, until);
}

/** Outbox rows one sweep takes on (the rest wait for the next: a backlog drains at this many per fire). */
const SWEEP_BATCH = 100;

/**
 * The scheduled sweep (ADR 107; a step of the runner's one sweep, SWEEP_MINUTES apart): every customer's outbox rows a failed
 * or interrupted port call left are claimed and handed to the port again, one failure not stopping the others.
 * Reads stay reads: the company screen never writes.
 */
export async function retryCompanyEffects(db: Db, now: Clock, port: CompanyAssetsPort): Promise<{ found: number; failed: number }> {
  const effects = await effectsToRetry(db, SWEEP_BATCH);
  const outcomes = await Promise.allSettled(effects.map((effect) => runEffect(db, now, port, effect.customerId, effect)));
  const failed = outcomes.filter((o) => o.status === 'rejected');
  for (const f of failed) console.error('[company] asset change still not applied', { error: String(f.reason) });
  return { found: effects.length, failed: failed.length };
}

/** The kinds' effects, registered with the request service at the composition root. */
export function companyChangeEffects({ db, now, assets }: { db: Db; now: Clock; assets?: CompanyAssetsPort }) {
  const profile: ChangeEffect = {
    kind: 'profile',
    async applyWrites({ request, change, actor, at }) {
      const stored = await assertHolds(db, request.customerId, 'profile', request.id);
      const proposed = CompanyProfile.parse(change.proposed);
      const rev = stored?.rev ?? 0;
      const diff = stored ? profileDiff(stored.profile, proposed) : change.diff;
      return [
        profilePut(
          db,
          { customerId: request.customerId, profile: proposed, rev: rev + 1, updatedAt: at, updatedBy: request.requestedBy },
          rev,
        ),
        lockRelease(db, request.customerId, 'profile', request.id),
        auditPut(db, request.customerId, { at, actor: actor.username, kind: 'profile', requestId: request.id, diff }, request.id),
      ];
    },
  };
  const assetsEffect = (port: CompanyAssetsPort): ChangeEffect => ({
    kind: 'assets',
    async applyWrites({ request, change, actor, at }) {
      await assertHolds(db, request.customerId, 'assets', request.id);
      return [
        effectPut(db, request.customerId, {
          kind: 'assets',
          requestId: request.id,
          proposed: { logoId: assetsProposal(change) },
          claimedUntil: null,
        }),
        lockRelease(db, request.customerId, 'assets', request.id),
        auditPut(
          db,
          request.customerId,
          { at, actor: actor.username, kind: 'assets', requestId: request.id, diff: change.diff },
          request.id,
        ),
      ];
    },
    // The approval stands whatever the port answers: its outbox row stays and the sweep tries again.
    afterApply: ({ request, change }) =>
      runEffect(db, now, port, request.customerId, { requestId: request.id, proposed: change.proposed }).catch((error: unknown) =>
        console.error('[company] asset change not applied yet', { requestId: request.id, error: String(error) }),
      ),
  });
  return changeEffects(profile, ...(assets ? [assetsEffect(assets)] : []));
}
