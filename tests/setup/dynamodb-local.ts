import { JAVA_MISSING, javaAvailable, startDynamoDbLocal } from '../../scripts/local/dynamodb-local.ts';

/** One in-memory DynamoDB Local for the whole server suite; each test file makes its own table. */
export default async function setup() {
  if (!javaAvailable()) throw new Error(JAVA_MISSING);
  const dynamo = await startDynamoDbLocal({});
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.AWS_REGION ??= 'eu-central-1';
  return async () => dynamo.stop();
}
