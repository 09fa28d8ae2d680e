import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHttp } from './ports.ts';

/**
 * DynamoDB Local 1.25 from the jar inside amplify-dynamodb-simulator (its JS launcher is broken, so we
 * spawn java ourselves). Needs Java 17+. It has no option for the listening address, so it is started
 * through LoopbackDynamoDbLocal.java (Java's source launcher), which binds it to 127.0.0.1; telemetry off.
 */
export const JAVA_MISSING =
  'Java 17+ with the jdk.compiler module is required for DynamoDB Local: install it with `sudo apt-get install -y openjdk-17-jre-headless` (or any JDK 17+ on your PATH).';

const LAUNCHER = join(dirname(fileURLToPath(import.meta.url)), 'LoopbackDynamoDbLocal.java');

/** Java 17+ with the compiler module, which the source launcher needs (Debian's JRE and every JDK have it). */
export function javaAvailable(): boolean {
  const probe = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return false;
  const version = /^java\.base@(\d+)/m.exec(probe.stdout)?.[1];
  return Number(version) >= 17 && /^jdk\.compiler@/m.test(probe.stdout);
}

export type DynamoDbLocal = { endpoint: string; process: ChildProcess; stop: () => Promise<void> };

/**
 * `readyWithinMs`: how long the JVM may take to answer (it compiles the launcher first: slow on a busy machine;
 * 90 s by default, so a first `npm start` on a slow laptop waits instead of failing; a crash still ends it at once).
 */
export async function startDynamoDbLocal(options: { dbPath?: string; port?: number; readyWithinMs?: number }): Promise<DynamoDbLocal> {
  const jarDir = join(dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const port = options.port ?? (await freePort());
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const child = spawn(
    'java',
    [
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-cp',
      'DynamoDBLocal.jar',
      LAUNCHER,
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(port),
      ...storage,
    ],
    { cwd: jarDir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (${code}): ${stderr.trim()}`))),
  );
  exited.catch(() => {});
  try {
    await Promise.race([waitForHttp(endpoint, options.readyWithinMs ?? 90_000), exited]);
  } catch (error) {
    // A start that never answered is not left running (a stray JVM holds a core and ~1 GB for the rest of a run).
    if (child.exitCode === null) child.kill('SIGTERM');
    throw error;
  }
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
