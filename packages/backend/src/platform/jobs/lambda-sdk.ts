// The part of the Lambda SDK the job launcher uses, imported with import() on the first launch: a module
// of its own so the API bundle keeps only these, and not at cold start.
export { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
