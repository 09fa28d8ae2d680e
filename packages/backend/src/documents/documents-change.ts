import { Document, DOCUMENTS } from '@portal/core/documents';
import * as z from '@portal/core/zod';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import type { ChangeEffect } from '../workflow/index.ts';
import { placementWrites } from './documents-service.ts';

/** The document a "Company documents change" request proposes (as keepAndFile filed it; its object kept already). */
const Proposal = z.extend(z.omit(Document, { version: true, restoredFrom: true }), { source: z.literal('company'), objectKey: z.string() });

/**
 * What approving a company documents change does (ADR 107), registered at the composition root: the
 * proposed document placed in the folder by writes that join the final approval's transaction (conditional on
 * the request's rev), so of parallel or retried approvals exactly one places it, and a rejected request never
 * does. The document dates from the approval, when the company first sees it.
 */
export function documentChangeEffect(db: Db): ChangeEffect {
  return {
    kind: 'documents',
    async applyWrites({ request, change, at }) {
      const proposed = Proposal.safeParse(change.proposed);
      if (!proposed.success) throw new AppError('conflict', DOCUMENTS.STATE_CONFLICT, 'The proposed document is missing.');
      const { writes } = await placementWrites(db, request.customerId, { ...proposed.data, uploadedAt: at }, 'company');
      return writes;
    },
  };
}
