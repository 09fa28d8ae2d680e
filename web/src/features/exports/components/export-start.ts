// What the press of "Start export" runs, loaded on that press (export-panel.tsx, ADR 133).
export { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
export { startExport } from '../api/exports.ts';
