import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Template } from 'aws-cdk-lib/assertions';

/**
 * Synthesizes the real sst.config.ts offline, the way `sst deploy` does up to CloudFormation.
 *
 * How nothing of the app gets built: SST resolves Function handlers and the StaticSite path against the
 * working directory (sst/runtime/handlers/node.js, constructs/StaticSite.js), and the deploy-mode build
 * (esbuild for handlers, `npm run build` + archive for the site) always runs in app.finish(). So the
 * synthesis runs with cwd = fixtures/app, which mirrors the repo layout: functions/api/lambda.ts,
 * functions/jobs/report-runner.ts (one-line stand-ins) and web/ whose `build` script writes dist/index.html.
 * The infra code keeps its real paths and has no test switch; the assets are real but tiny.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const fixtureRoot = path.join(here, 'fixtures/app');

/** The stage inputs infra reads from the environment; a synthesis sees only those passed in `env`. */
const stageInputs = [
  'MAIL_DOMAIN',
  'MAIL_FROM',
  'SITE_DOMAIN',
  'SITE_CERTIFICATE_ARN',
  'API_DOMAIN',
  'API_CERTIFICATE_ARN',
  'SSO_ISSUER',
  'SSO_CLIENT_ID',
  'ALARM_EMAIL',
  'SFTP_SERVER',
  'SFTP_SERVICE_PUBLIC_KEY',
  'SFTP_HOST_KEY_SHA256',
  'SES_SEND_RATE',
  'ORIGIN_VERIFY_SECRET_VERSION',
  'ORIGIN_VERIFY_ROTATING_VERSION',
];

const nag = new WeakMap<object, string[]>();

/** cdk-nag's unsuppressed AwsSolutions findings of a synthesis, one line each: `Stack/construct path: rule: message`. */
export function nagFindings(templates: object): string[] {
  const findings = nag.get(templates);
  if (!findings) throw new Error('not a synthesis of synth()');
  return findings;
}

export async function synth(
  stage: string,
  { mode = 'deploy', env = {} }: { mode?: 'deploy' | 'remove'; env?: Record<string, string> } = {},
) {
  const saved = Object.fromEntries(stageInputs.map((name) => [name, process.env[name]]));
  for (const name of stageInputs) delete process.env[name];
  Object.assign(process.env, env);
  const cwd = process.cwd();
  // Before SST is imported: its esbuild takes the working directory once, when first loaded.
  process.chdir(fixtureRoot); // needs vitest's default `forks` pool: worker threads cannot chdir
  try {
    process.env.SST_TELEMETRY_DISABLED = '1';
    // App.isRunningSSTTest(): skips uploading sourcemaps to SST's bootstrap bucket (an AWS call) in finish().
    process.env.NODE_ENV = 'test';
    // Imported here, after the lines above, and not at module top (imports are hoisted).
    const { initProject } = await import('sst/project.js');
    const { App, getStack } = await import('sst/constructs');
    const { Aspects } = await import('aws-cdk-lib');
    const { AwsSolutionsChecks } = await import('cdk-nag');
    const { default: config } = await import('../../sst.config.ts');
    const stacks = {
      Web: (await import('../../infra/web.ts')).Web,
      Storage: (await import('../../infra/storage.ts')).Storage,
      Email: (await import('../../infra/email.ts')).Email,
      Jobs: (await import('../../infra/jobs.ts')).Jobs,
      Api: (await import('../../infra/api.ts')).Api,
      Migrations: (await import('../../infra/migrations.ts')).Migrations,
      Monitoring: (await import('../../infra/monitoring.ts')).Monitoring,
    };
    // An explicit stage, or initProject prompts for a personal one.
    await initProject({ stage, root: repoRoot });
    const app = new App({ mode, name: 'portal', stage, region: 'eu-central-1', account: '123456789012' });
    await config.stacks(app);
    // cdk-nag's AwsSolutions rules over every stack; the infra code suppresses by design, with a reason (nag.ts).
    Aspects.of(app).add(new AwsSolutionsChecks());
    await app.finish();
    // getStack() reads SST's "current app", so the templates are taken now, before another synth.
    const templates = Object.fromEntries(Object.entries(stacks).map(([name, fn]) => [name, Template.fromStack(getStack(fn))])) as Record<
      keyof typeof stacks,
      Template
    >;
    // Read from the constructs' metadata: Annotations.fromStack re-synthesizes, which SST's own aspects refuse.
    const findings = Object.entries(stacks).flatMap(([name, fn]) =>
      getStack(fn)
        .node.findAll()
        .flatMap((c) =>
          c.node.metadata
            .filter((m) => (m.type === 'aws:cdk:error' || m.type === 'aws:cdk:warning') && String(m.data).startsWith('AwsSolutions-'))
            .map((m) => `${name}/${c.node.path.split('/').slice(1).join('/')}: ${String(m.data).split('\n')[0]}`),
        ),
    );
    nag.set(templates, findings);
    return templates;
  } finally {
    process.chdir(cwd);
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * The files the last synthesis packaged for the site's S3 upload: StaticSite archives the build output and
 * lists every file it will upload in `<artifacts>/StaticSite-Site-*\/filenames`.
 */
export async function publishedSiteFiles(): Promise<string[]> {
  const { readdirSync, readFileSync, statSync } = await import('node:fs');
  const artifacts = path.join(repoRoot, '.sst/artifacts');
  const [dir] = readdirSync(artifacts)
    .filter((name) => name.startsWith('StaticSite-Site-'))
    .sort((a, b) => statSync(path.join(artifacts, b)).mtimeMs - statSync(path.join(artifacts, a)).mtimeMs);
  if (!dir) throw new Error(`no StaticSite package in ${artifacts}`);
  return readFileSync(path.join(artifacts, dir, 'filenames'), 'utf8')
    .split('\n')
    .filter(Boolean);
}

type Statement = { Effect: string; Action: string | string[]; Resource?: unknown; Condition?: unknown };

/** Every IAM statement in a template: identity policies, inline role policies and resource policies. */
export function statements(template: Template): { logicalId: string; type: string; statement: Statement }[] {
  const out: { logicalId: string; type: string; statement: Statement }[] = [];
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, never> }>;
  for (const [logicalId, r] of Object.entries(resources)) {
    const p = r.Properties ?? {};
    const docs: { Statement: Statement[] }[] = [];
    if (p.PolicyDocument) docs.push(p.PolicyDocument);
    if (p.KeyPolicy) docs.push(p.KeyPolicy);
    for (const inline of (p.Policies as { PolicyDocument: { Statement: Statement[] } }[] | undefined) ?? []) {
      docs.push(inline.PolicyDocument);
    }
    for (const doc of docs) for (const statement of doc.Statement) out.push({ logicalId, type: r.Type, statement });
  }
  return out;
}

export const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The files the last synthesis packaged for a Function whose handler lives in `handlerDir` (relative to the
 * fixture app, e.g. `functions/api`), with their text: SST builds each handler into `.sst/artifacts/<id>/`,
 * under the handler's path relative to the project root.
 */
export async function packagedFunctionFiles(handlerDir: string): Promise<Record<string, string>> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const dir = path.join(await packagedFunctionRoot(handlerDir), path.relative(repoRoot, path.join(fixtureRoot, handlerDir)));
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

/** The root of the package of that Function (`.sst/artifacts/<id>/`): where its `copyFiles` land. */
export async function packagedFunctionRoot(handlerDir: string): Promise<string> {
  const { existsSync, readdirSync, statSync } = await import('node:fs');
  const artifacts = path.join(repoRoot, '.sst/artifacts');
  const under = path.relative(repoRoot, path.join(fixtureRoot, handlerDir));
  const [root] = readdirSync(artifacts)
    .map((name) => path.join(artifacts, name))
    .filter((candidate) => existsSync(path.join(candidate, under)))
    .sort((a, b) => statSync(path.join(b, under)).mtimeMs - statSync(path.join(a, under)).mtimeMs);
  if (!root) throw new Error(`no package of ${handlerDir} in ${artifacts}`);
  return root;
}

/**
 * cfn-lint's warnings the templates keep, each with its reason: every other warning fails like an error.
 * W3005 (a DependsOn already implied by a GetAtt) is what CDK writes for every Lambda on its service role
 * and for S3 notifications on their queue; it is redundant, not wrong, and the generated code is not ours.
 */
export const EXPLAINED_CFN_LINT_WARNINGS: Record<string, string> = {
  W3005: 'redundant DependsOn that CDK and SST generate beside a GetAtt (service roles, bucket notifications)',
};

/**
 * What CloudFormation itself would refuse (an enum value, a property it does not know) fails here, not in
 * a deploy: cfn-lint (on the project machines' PATH) reads AWS's own resource specifications. Returns its
 * error lines (rules E*) and its warning lines (W*) but the explained ones, over every template of a synthesis.
 */
export function cfnLintFindings(templates: Record<string, Template>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'cfn-'));
  try {
    const files = Object.entries(templates).map(([name, template]) => {
      const file = path.join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(template.toJSON()));
      return file;
    });
    const run = spawnSync('cfn-lint', ['--format', 'parseable', '--regions', 'eu-central-1', '--', ...files], { encoding: 'utf8' });
    if (run.error) throw new Error(`cfn-lint must be on PATH (it is on the project machines): ${run.error.message}`);
    return run.stdout
      .split('\n')
      .filter((line) => /:[EW]\d{4}:/.test(line))
      .filter((line) => !Object.keys(EXPLAINED_CFN_LINT_WARNINGS).some((rule) => line.includes(`:${rule}:`)))
      .map((line) => line.replace(`${dir}/`, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every cdk-nag suppression written into a synthesis's templates (resource metadata `cdk_nag`), with its reason. */
export function nagSuppressions(templates: Record<string, Template>): { resource: string; id: string; reason: string }[] {
  return Object.entries(templates).flatMap(([name, template]) =>
    Object.entries(
      template.toJSON().Resources as Record<string, { Metadata?: { cdk_nag?: { rules_to_suppress?: { id: string; reason: string }[] } } }>,
    ).flatMap(([logicalId, r]) =>
      (r.Metadata?.cdk_nag?.rules_to_suppress ?? []).map(({ id, reason }) => ({ resource: `${name}/${logicalId}`, id, reason })),
    ),
  );
}
