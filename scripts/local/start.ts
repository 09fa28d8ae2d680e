/**
 * `npm start`: the whole product on one machine, offline (see runtime.ts). Java is checked before
 * anything else is loaded so that its absence is the one line the developer sees.
 */
import { JAVA_MISSING, javaAvailable } from './dynamodb-local.ts';

if (!javaAvailable()) {
  console.error(JAVA_MISSING);
  process.exit(1);
}
const { startLocalRuntime } = await import('./runtime.ts');
await startLocalRuntime();
