// The platform/queue/ toolkit's face (ADR 060): what other workspaces import from it.
export { createSqsQueue, type QueuePort } from './sqs-queue.ts';
