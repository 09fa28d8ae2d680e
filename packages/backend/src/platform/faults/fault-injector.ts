import { fieldOf } from '../error-fields.ts';
/**
 * Fault injection for the AWS SDK v3 clients (ADR 025): throttling, 5xx and timeouts
 * from DynamoDB, S3 and SES at a set rate, drawn from a seeded generator. Installed only by code that
 * constructs the backend (tests, `scripts/bench/faults.ts`) through `createBackend(…, { faults })`;
 * no configuration variable or business code can switch it on.
 *
 * Two middlewares on the client's stack:
 * - `initialize` (once per call, outside the SDK's retries) decides whether the call faults, how
 *   (kind, phase) and whether the fault lasts for every attempt (`persistent`: the caller sees the
 *   error) or only the first one (the SDK's own retry heals it, so a retried write is sent twice).
 * - `deserialize`, priority low (per attempt, below the SDK's deserializer and inside its retry loop)
 *   answers the fault as the service would: an error HTTP response in the service's protocol, which the
 *   SDK's real deserializer turns into the real exception class (`name`, `$fault`, `$retryable`,
 *   `$metadata.httpStatusCode`), or a `TimeoutError` as the Node HTTP handler throws it. Phase `before`
 *   answers without sending; phase `after` sends the request (DynamoDB Local, the SES stand-in, S3rver
 *   apply it), drops the real answer and answers the fault: the response lost after the change was
 *   made, the case idempotency exists for. Throttling is always `before` (a throttled request was not
 *   applied).
 */

export type FaultService = 'dynamodb' | 's3' | 'ses';
export type FaultKind = 'throttle' | 'server' | 'timeout';
export type FaultPhase = 'before' | 'after';

export type FaultPlan = {
  /** Share of SDK calls (0..1) that fault; may be changed while running (e.g. 0 while a test seeds). */
  rate: number;
  /** Seed of the generator: the same seed draws the same sequence of decisions. */
  seed: number;
  /** The clients that fault (default: all three). */
  services?: FaultService[];
  /** Share of faulted calls whose every attempt fails (default 0.5); the others fail once. */
  persistent?: number;
  /** The kinds drawn from (default all three) and, for 5xx and timeouts, the phases (default both). */
  kinds?: FaultKind[];
  phases?: FaultPhase[];
  /**
   * Factor on the SDK's waits between its attempts (default 1: its own backoff, up to ~2 s a wait). The attempts
   * and their outcomes stay the same; npm test's run scales the waits down, the bench keeps them.
   */
  retryDelayScale?: number;
};

export type FaultStats = {
  /** SDK calls seen, per service. */
  calls: Record<FaultService, number>;
  /** Faulted calls, by `service kind phase persistence`. */
  injected: Record<string, number>;
  /** Attempts answered with a fault (a persistent fault answers every attempt). */
  attempts: number;
  /** Attempts that reached the service and were applied before their answer was replaced. */
  appliedThenLost: number;
};

type Fault = { kind: FaultKind; phase: FaultPhase; persistent: boolean; name: string; spent: boolean };

/** A small seeded generator (mulberry32): uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The error each service answers, per kind: its code and HTTP status (as the service documents them). */
const ERRORS: Record<FaultService, Record<Exclude<FaultKind, 'timeout'>, { name: string; status: number }[]>> = {
  dynamodb: {
    throttle: [
      { name: 'ThrottlingException', status: 400 },
      { name: 'ProvisionedThroughputExceededException', status: 400 },
    ],
    server: [
      { name: 'InternalServerError', status: 500 },
      { name: 'ServiceUnavailable', status: 503 },
    ],
  },
  s3: {
    throttle: [{ name: 'SlowDown', status: 503 }],
    server: [
      { name: 'InternalError', status: 500 },
      { name: 'ServiceUnavailable', status: 503 },
    ],
  },
  ses: {
    throttle: [{ name: 'Throttling', status: 400 }],
    server: [
      { name: 'InternalFailure', status: 500 },
      { name: 'ServiceUnavailable', status: 503 },
    ],
  },
};

/** The raw HTTP answer of an error in the service's protocol (awsJson1_0, restXml, awsQuery). */
function errorResponse(service: FaultService, name: string, status: number) {
  const message = `Injected fault: ${name}`;
  const [contentType, text] =
    service === 'dynamodb'
      ? ['application/x-amz-json-1.0', JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${name}`, message })]
      : service === 's3'
        ? [
            'application/xml',
            `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${name}</Code><Message>${message}</Message><RequestId>fault</RequestId></Error>`,
          ]
        : [
            'text/xml',
            `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>${status >= 500 ? 'Receiver' : 'Sender'}</Type><Code>${name}</Code><Message>${message}</Message></Error><RequestId>fault</RequestId></ErrorResponse>`,
          ];
  return {
    statusCode: status,
    reason: name,
    headers: { 'content-type': contentType, 'x-amzn-requestid': 'fault', 'x-amzn-errortype': name },
    body: new TextEncoder().encode(text),
  };
}

/** The error the Node HTTP handler throws when a request times out. */
const timeoutError = () => Object.assign(new Error('Connection timed out (injected fault)'), { name: 'TimeoutError' });

/**
 * Any v3 client (each types its stack by its own commands): `add` is a method, so a client's own stack,
 * whose middlewares take its commands' inputs, is one of these.
 */
type LooseStack = {
  add(middleware: unknown, options: { step: 'initialize'; name: string }): void;
  add(middleware: unknown, options: { step: 'deserialize'; name: string; priority: 'low' }): void;
};
/** The backoff of the SDK's retry strategy (its `retryBackoffStrategy`): the wait before each next attempt. */
type Backoff = { computeNextBackoffDelay(attempt: number): number };
const isBackoff = (value: unknown): value is Backoff =>
  typeof value === 'object' && value !== null && 'computeNextBackoffDelay' in value && typeof value.computeNextBackoffDelay === 'function';
const backoffOf = (strategy: unknown): Backoff | undefined =>
  typeof strategy === 'object' && strategy !== null && 'retryBackoffStrategy' in strategy && isBackoff(strategy.retryBackoffStrategy)
    ? strategy.retryBackoffStrategy
    : undefined;
type StackClient = { middlewareStack: LooseStack; config: { retryStrategy: () => Promise<unknown> } };
type Context = Record<string, unknown>;
type Next = (args: unknown) => Promise<{ response: unknown; output?: unknown }>;

/** The injector of `plan`; the plan's fields may be changed while it runs (tests switch faults on and off). */
export function createFaultInjector(plan: FaultPlan) {
  const random = seededRandom(plan.seed);
  const stats: FaultStats = { calls: { dynamodb: 0, s3: 0, ses: 0 }, injected: {}, attempts: 0, appliedThenLost: 0 };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // A call's decision, keyed by its handler context (the one object both middlewares of the call see).
  const decisions = new WeakMap<Context, Fault | null>();
  // The retry backoffs whose waits are scaled (plan.retryDelayScale).
  const scaled = new WeakSet<object>();

  function decide(service: FaultService): Fault | null {
    stats.calls[service] += 1;
    if (!(plan.services ?? ['dynamodb', 's3', 'ses']).includes(service) || random() >= plan.rate) return null;
    const kind = pick(plan.kinds ?? (['throttle', 'server', 'timeout'] as const));
    const phase: FaultPhase = kind === 'throttle' ? 'before' : pick(plan.phases ?? (['before', 'after'] as const));
    const persistent = random() < (plan.persistent ?? 0.5);
    const name = kind === 'timeout' ? 'TimeoutError' : pick(ERRORS[service][kind]).name;
    const label = `${service} ${name} ${phase} ${persistent ? 'persistent' : 'once'}`;
    stats.injected[label] = (stats.injected[label] ?? 0) + 1;
    return { kind, phase, persistent, name, spent: false };
  }

  return {
    plan,
    stats,
    /** Faulted calls so far. */
    injectedCount: () => Object.values(stats.injected).reduce((sum, n) => sum + n, 0),
    /** Adds the two middlewares to a client (its DynamoDBDocumentClient shares the stack) and scales its retry waits. */
    install(client: StackClient, service: FaultService): void {
      // The retry middleware asks the config for its strategy at every call: its backoff is scaled once.
      const strategyOf = client.config.retryStrategy;
      client.config.retryStrategy = async () => {
        const strategy = await strategyOf();
        const backoff = backoffOf(strategy);
        if (backoff && !scaled.has(backoff)) {
          scaled.add(backoff);
          const compute = backoff.computeNextBackoffDelay.bind(backoff);
          backoff.computeNextBackoffDelay = (attempt) => Math.round(compute(attempt) * (plan.retryDelayScale ?? 1));
        }
        return strategy;
      };
      const stack = client.middlewareStack;
      stack.add(
        (next: Next, context: Context) => async (args: unknown) => {
          decisions.set(context, decide(service));
          return next(args);
        },
        { step: 'initialize', name: 'faultDecision' },
      );
      stack.add(
        (next: Next, context: Context) => async (args: unknown) => {
          const fault = decisions.get(context);
          if (!fault || fault.spent) return next(args);
          if (!fault.persistent) fault.spent = true;
          stats.attempts += 1;
          if (fault.phase === 'after') {
            const { response } = await next(args);
            const body = fieldOf(response, 'body');
            const resume = fieldOf(body, 'resume');
            if (typeof resume === 'function') resume.call(body); // drop the real answer
            stats.appliedThenLost += 1;
          }
          if (fault.kind === 'timeout') throw timeoutError();
          const error = [...ERRORS[service].throttle, ...ERRORS[service].server].find((e) => e.name === fault.name)!;
          return { response: errorResponse(service, error.name, error.status) };
        },
        { step: 'deserialize', name: 'faultInjection', priority: 'low' },
      );
    },
  };
}

export type FaultInjector = ReturnType<typeof createFaultInjector>;
