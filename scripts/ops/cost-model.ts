/**
 * The monthly cost of a stage (docs/operations/cost.md): what its synthesized templates hold (fixed: the
 * Transfer endpoint, KMS keys, alarms, dashboards, secrets, WAF, schedules) and what a usage profile makes
 * it do (requests, imports, reports, mails, storage), at AWS's published eu-central-1 list prices as
 * written down in PRICES with the date they are stated as of. These machines cannot reach AWS: the prices
 * are the ones known on that date, not fetched; the free tier is left out (a stage's account may have
 * used it up).
 */

/** AWS list prices, eu-central-1 (Frankfurt), USD. Stated as of PRICES_AS_OF, from AWS's pricing pages as known then. */
export const PRICES_AS_OF = '2026-11-29';
export const PRICES = {
  lambdaGbSecondArm: 0.0000133334,
  lambdaGbSecondX86: 0.0000166667,
  lambdaPerMillionRequests: 0.2,
  httpApiPerMillionRequests: 1.2,
  cloudFrontPerTenThousandHttps: 0.012,
  cloudFrontPerGbOutEurope: 0.085,
  dynamoPerMillionWrites: 0.7625,
  dynamoPerMillionReads: 0.1525,
  dynamoStorageGbMonth: 0.306,
  dynamoPitrGbMonth: 0.2448,
  s3StandardGbMonth: 0.0245,
  s3PerThousandPuts: 0.0054,
  s3PerThousandGets: 0.00043,
  sesPerThousandMails: 0.1,
  sesAttachmentPerGb: 0.12,
  kmsKeyMonth: 1,
  kmsPerTenThousandRequests: 0.03,
  alarmMonth: 0.1,
  dashboardMonth: 3,
  logsIngestPerGb: 0.63,
  logsStorageGbMonth: 0.0324,
  transferEndpointHour: 0.3,
  transferPerGb: 0.04,
  secretMonth: 0.4,
  sqsPerMillionRequests: 0.4,
  schedulerPerMillionInvocations: 1,
  wafWebAclMonth: 5,
  wafRuleMonth: 1,
  wafPerMillionRequests: 0.6,
} as const;

const HOURS_A_MONTH = 730;
const DAYS_A_MONTH = 30.4;

/** What a stage is used for in a month; every field is written in cost.md's profile table. */
export type UsageProfile = {
  name: string;
  users: number;
  /** API requests a day (the SPA's calls through CloudFront to the HTTP API). */
  requestsPerDay: number;
  transactionsImportedPerDay: number;
  reportsPerMonth: number;
  mailsPerMonth: number;
  /** The table's size and the buckets' (documents, report files, exports). */
  tableGb: number;
  filesGb: number;
  /** GB customers fetch over SFTP a month. */
  sftpGb: number;
};

/** Per request and per unit of work: the assumptions cost.md states (measured figures where the benches have them). */
export const ASSUMPTIONS = {
  /** The API Lambda's mean billed duration (docs/benchmarks.md: most calls are 20-150 ms warm). */
  apiMsPerRequest: 120,
  readUnitsPerRequest: 6,
  writeUnitsPerRequest: 0.5,
  /** Log bytes a request writes (one structured line plus errors). */
  logBytesPerRequest: 600,
  responseKbPerRequest: 8,
  /** An imported transaction: its item, its day-key index entries and the summary updates (ADR 074). */
  writeUnitsPerTransaction: 4,
  /** A report run (ADR 077's fleet mean: 31 s at the runner's memory) and its reads. */
  reportSeconds: 31,
  readUnitsPerReport: 2_000,
  reportMbPerMail: 0.2,
  /** A report's delivery message (ADR 110): sent by the runner, received and deleted by the consumer. */
  sqsRequestsPerReport: 3,
  /**
   * An SQS event source's idle polling: Lambda keeps 5 pollers long-polling (20 s) each queue it reads, billed
   * as ReceiveMessage requests whether or not a message comes: 5 × 3 a minute × 60 × 730 h = 657,000 a month.
   */
  sqsIdleReceivesPerSourceMonth: 5 * 3 * 60 * 730,
} as const;

type Resource = { Type: string; Properties?: Record<string, unknown> };
export type Templates = Record<string, { Resources?: Record<string, Resource> }>;

export type CostLine = { item: string; kind: 'fixed' | 'usage'; monthlyUsd: number; detail: string };

const resourcesOf = (templates: Templates) => Object.values(templates).flatMap((t) => Object.values(t.Resources ?? {}));
const count = (templates: Templates, type: string) => resourcesOf(templates).filter((r) => r.Type === type).length;

/** The functions' memory and architecture as the templates say. */
function functionsOf(templates: Templates) {
  return resourcesOf(templates)
    .filter((r) => r.Type === 'AWS::Lambda::Function')
    .map((r) => ({
      memoryGb: Number(r.Properties?.MemorySize ?? 128) / 1024,
      arm: JSON.stringify(r.Properties?.Architectures ?? []).includes('arm64'),
    }));
}

/** The fixed-rate schedules' fires a month (`rate(N minutes)`). */
function scheduledFiresOf(templates: Templates) {
  return resourcesOf(templates)
    .filter((r) => r.Type === 'AWS::Scheduler::Schedule')
    .map((r) => /rate\((\d+) minutes?\)/.exec(String(r.Properties?.ScheduleExpression ?? ''))?.[1])
    .filter((m): m is string => m !== undefined)
    .reduce((sum, minutes) => sum + (HOURS_A_MONTH * 60) / Number(minutes), 0);
}

/** The fixed monthly cost of what the templates hold, whatever the usage. */
export function fixedCosts(templates: Templates): CostLine[] {
  const lines: CostLine[] = [];
  const add = (item: string, n: number, each: number, unit: string) => {
    if (n > 0) lines.push({ item, kind: 'fixed', monthlyUsd: n * each, detail: `${n} × ${unit}` });
  };
  add(
    'Transfer Family SFTP endpoint',
    count(templates, 'AWS::Transfer::Server'),
    PRICES.transferEndpointHour * HOURS_A_MONTH,
    '$0.30/h × 730 h',
  );
  add('KMS customer keys', count(templates, 'AWS::KMS::Key'), PRICES.kmsKeyMonth, '$1/key-month');
  add('CloudWatch alarms', count(templates, 'AWS::CloudWatch::Alarm'), PRICES.alarmMonth, '$0.10/alarm-month');
  add('CloudWatch dashboards', count(templates, 'AWS::CloudWatch::Dashboard'), PRICES.dashboardMonth, '$3/dashboard-month');
  add('Secrets Manager secrets', count(templates, 'AWS::SecretsManager::Secret'), PRICES.secretMonth, '$0.40/secret-month');
  add('WAF web ACLs', count(templates, 'AWS::WAFv2::WebACL'), PRICES.wafWebAclMonth, '$5/ACL-month (+$1/rule)');
  const sources = count(templates, 'AWS::Lambda::EventSourceMapping');
  if (sources > 0)
    lines.push({
      item: 'SQS event sources (idle polling)',
      kind: 'fixed',
      monthlyUsd: ((sources * ASSUMPTIONS.sqsIdleReceivesPerSourceMonth) / 1e6) * PRICES.sqsPerMillionRequests,
      detail: `${sources} × ${ASSUMPTIONS.sqsIdleReceivesPerSourceMonth.toLocaleString('en')} receives`,
    });
  const fires = scheduledFiresOf(templates);
  if (fires > 0)
    lines.push({
      item: 'Fixed-rate schedules (sweeps)',
      kind: 'fixed',
      monthlyUsd: (fires / 1e6) * PRICES.schedulerPerMillionInvocations,
      detail: `${Math.round(fires)} fires`,
    });
  return lines;
}

/** The API's cost of one million requests: Lambda, HTTP API, CloudFront, DynamoDB, logs. */
export function perMillionRequests(templates: Templates): number {
  const api = functionsOf(templates).reduce((max, f) => (f.memoryGb > max.memoryGb ? f : max), { memoryGb: 1, arm: true });
  const gbSeconds = 1e6 * (ASSUMPTIONS.apiMsPerRequest / 1000) * api.memoryGb;
  return (
    gbSeconds * (api.arm ? PRICES.lambdaGbSecondArm : PRICES.lambdaGbSecondX86) +
    PRICES.lambdaPerMillionRequests +
    PRICES.httpApiPerMillionRequests +
    100 * PRICES.cloudFrontPerTenThousandHttps +
    ((1e6 * ASSUMPTIONS.responseKbPerRequest) / 1e6) * PRICES.cloudFrontPerGbOutEurope +
    ASSUMPTIONS.readUnitsPerRequest * PRICES.dynamoPerMillionReads +
    ASSUMPTIONS.writeUnitsPerRequest * PRICES.dynamoPerMillionWrites +
    ((1e6 * ASSUMPTIONS.logBytesPerRequest) / 1e9) * PRICES.logsIngestPerGb +
    (count(templates, 'AWS::WAFv2::WebACL') > 0 ? PRICES.wafPerMillionRequests : 0)
  );
}

/** What the profile's month costs beyond the fixed part. */
export function usageCosts(templates: Templates, profile: UsageProfile): CostLine[] {
  const requests = profile.requestsPerDay * DAYS_A_MONTH;
  const transactions = profile.transactionsImportedPerDay * DAYS_A_MONTH;
  const pitr = resourcesOf(templates).some(
    (r) => r.Type === 'AWS::DynamoDB::Table' && JSON.stringify(r.Properties?.PointInTimeRecoverySpecification ?? {}).includes('true'),
  );
  const line = (item: string, monthlyUsd: number, detail: string): CostLine => ({ item, kind: 'usage', monthlyUsd, detail });
  return [
    line('API requests', (requests / 1e6) * perMillionRequests(templates), `${Math.round(requests).toLocaleString('en')} requests`),
    line(
      'Imports (DynamoDB writes)',
      ((transactions * ASSUMPTIONS.writeUnitsPerTransaction) / 1e6) * PRICES.dynamoPerMillionWrites,
      `${Math.round(transactions).toLocaleString('en')} transactions`,
    ),
    line(
      'Report runs (Lambda 512 MB, reads)',
      profile.reportsPerMonth * ASSUMPTIONS.reportSeconds * 0.5 * PRICES.lambdaGbSecondArm +
        ((profile.reportsPerMonth * ASSUMPTIONS.readUnitsPerReport) / 1e6) * PRICES.dynamoPerMillionReads,
      `${profile.reportsPerMonth.toLocaleString('en')} runs`,
    ),
    line(
      'Report delivery queue (SQS)',
      ((profile.reportsPerMonth * ASSUMPTIONS.sqsRequestsPerReport) / 1e6) * PRICES.sqsPerMillionRequests,
      `${(profile.reportsPerMonth * ASSUMPTIONS.sqsRequestsPerReport).toLocaleString('en')} requests`,
    ),
    line(
      'SES mails',
      (profile.mailsPerMonth / 1000) * PRICES.sesPerThousandMails +
        ((profile.mailsPerMonth * ASSUMPTIONS.reportMbPerMail) / 1024) * PRICES.sesAttachmentPerGb,
      `${profile.mailsPerMonth.toLocaleString('en')} mails`,
    ),
    line(
      'DynamoDB storage' + (pitr ? ' + PITR' : ''),
      profile.tableGb * (PRICES.dynamoStorageGbMonth + (pitr ? PRICES.dynamoPitrGbMonth : 0)),
      `${profile.tableGb} GB`,
    ),
    line('S3 storage', profile.filesGb * PRICES.s3StandardGbMonth, `${profile.filesGb} GB`),
    line('SFTP transfer', profile.sftpGb * PRICES.transferPerGb, `${profile.sftpGb} GB`),
  ];
}

export type StageCost = {
  stage: string;
  profile: string;
  fixedUsd: number;
  usageUsd: number;
  totalUsd: number;
  perMillionRequestsUsd: number;
  lines: CostLine[];
};

export function stageCost(stage: string, templates: Templates, profile: UsageProfile): StageCost {
  const lines = [...fixedCosts(templates), ...usageCosts(templates, profile)];
  const sum = (kind: CostLine['kind']) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.monthlyUsd, 0);
  return {
    stage,
    profile: profile.name,
    fixedUsd: sum('fixed'),
    usageUsd: sum('usage'),
    totalUsd: sum('fixed') + sum('usage'),
    perMillionRequestsUsd: perMillionRequests(templates),
    lines,
  };
}

/** The three profiles of cost.md. */
export const PROFILES: readonly UsageProfile[] = [
  {
    name: 'demo',
    users: 10,
    requestsPerDay: 2_000,
    transactionsImportedPerDay: 1_000,
    reportsPerMonth: 100,
    mailsPerMonth: 300,
    tableGb: 1,
    filesGb: 1,
    sftpGb: 0.1,
  },
  {
    name: '50 customers',
    users: 250,
    requestsPerDay: 60_000,
    transactionsImportedPerDay: 150_000,
    reportsPerMonth: 4_500,
    mailsPerMonth: 12_000,
    tableGb: 40,
    filesGb: 60,
    sftpGb: 20,
  },
  {
    name: '10,000 customers',
    users: 40_000,
    requestsPerDay: 8_000_000,
    transactionsImportedPerDay: 50_000_000,
    reportsPerMonth: 900_000,
    mailsPerMonth: 2_000_000,
    tableGb: 6_000,
    filesGb: 8_000,
    sftpGb: 3_000,
  },
];

const usd = (n: number) => `$${n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function formatStageCost(cost: StageCost): string {
  const rows = cost.lines.map((l) => `  ${l.kind.padEnd(5)}  ${l.item.padEnd(36)} ${usd(l.monthlyUsd).padStart(13)}  ${l.detail}`);
  return [
    `${cost.stage} · ${cost.profile}: ${usd(cost.totalUsd)}/month (fixed ${usd(cost.fixedUsd)}, usage ${usd(cost.usageUsd)}); ${usd(cost.perMillionRequestsUsd)} per 1 M requests`,
    ...rows,
  ].join('\n');
}
