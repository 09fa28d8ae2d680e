// The part of the SQS SDK the queue port uses, imported with import() on first use (only the import worker sends).
export { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
