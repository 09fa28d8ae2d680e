// The audit domain's face (ADR 060, ADR 114): the customer's audit log — recording events where they happen,
// reading a customer's entries, verifying its hash chain.
export { AUDIT_KINDS, type AuditKind, type AuditDetails, type AuditPerson } from '@portal/core/audit';
export { type AuditInput, type StoredAuditEntry, prepareAuditAppend, retentionDaysOf, verifyCustomerChain } from './audit-entity.ts';
export { createAuditService, mayReadAudit, type AuditReader, type AuditService } from './audit-service.ts';
export { auditReaderOf } from './audit-reader.ts';
export { byActor, recordAudit, recordAuditAfter, type AuditActor, type AuditLogger } from './audit-recording.ts';
export { type ChainVerdict, type ChainProblem, verifyChain, entryHash, canonicalJson, GENESIS_HASH } from './audit-chain.ts';
