import { Stack } from 'aws-cdk-lib';
import { NagSuppressions, type NagPackSuppression } from 'cdk-nag';
import type { App } from 'sst/constructs';

/**
 * cdk-nag's AwsSolutions findings the stacks keep by design (ADR 093): each with the reason it stays. The infra
 * tests run the rules over every stage and fail on a finding not suppressed here, and on a reason too short to
 * say why. What was cheap and right is fixed in the stacks instead (server access logs, TLS-only buckets).
 */
const resource = (logicalId: string, suffix: string) => ({ regex: `/^Resource::<${logicalId}[0-9A-F]{8}\\.Arn>${suffix}$/` });

/** Findings every stack may have: what CDK's and SST's own constructs generate, and the grants of the app's functions. */
const EVERY_STACK: NagPackSuppression[] = [
  {
    id: 'AwsSolutions-IAM4',
    reason:
      'AWSLambdaBasicExecutionRole lets a function write its own CloudWatch logs and nothing else; CDK and SST attach it to every function',
    appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
  },
  {
    id: 'AwsSolutions-L1',
    reason:
      'Every function of the app runs nodejs22.x (sst.config.ts), an LTS runtime Lambda supports into 2027; moving to nodejs24.x is a change of its own, measured by the cold-start bench (ADR 038). SST pins the runtime of its own custom resource handlers',
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      "Resource '*' is SST's X-Ray tracing (xray:PutTraceSegments, PutTelemetryRecords), which has no resource-level permissions; the IAM test keeps any other Resource '*' out",
    appliesTo: ['Resource::*'],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason: "The single table's global secondary indexes (ARCHITECTURE convention 4): the index ARNs of that one table",
    appliesTo: [resource('DataTable', '\\/index\\/\\*')],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      "CDK's bucket grants (grantRead, grantReadWrite) name S3 action families; each grant is scoped to one bucket and, but for the API, one key prefix",
    appliesTo: ['Action::s3:GetObject*', 'Action::s3:GetBucket*', 'Action::s3:List*', 'Action::s3:DeleteObject*', 'Action::s3:Abort*'],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      "Objects under the one key prefix a function works on (reports/, exports/, sftp/, imports/, logos/), or every object of the portal's own buckets for the API, which serves and stores them all",
    appliesTo: [resource('(Reports|Files)Bucket', '\\/([a-z-]+\\/)?\\*')],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason: "grantInvoke's ARN:* covers the versions and aliases of that same function",
    appliesTo: [{ regex: '/^Resource::<[A-Za-z]+[0-9A-F]{8}\\.Arn>:\\*$/' }],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      'Sending as MAIL_FROM only (condition ses:FromAddress): in the SES sandbox the verified recipients are identities too, so the resource is every identity (infra/email.ts)',
    appliesTo: [{ regex: '/^Resource::arn:<AWS::Partition>:ses:[a-z0-9-]+:\\d+:identity\\/\\*$/' }],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason: "The API creates one schedule per report at run time (ADR 041), in the stage's own schedule group only",
    appliesTo: [{ regex: '/^Resource::arn:<AWS::Partition>:scheduler:[a-z0-9-]+:\\d+:schedule\\/[A-Za-z0-9-]+-reports\\/\\*$/' }],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      "SST's deploy-time uploader (created when the app finishes) copies the site's build from the CDK assets bucket into the site bucket: every object of both",
    appliesTo: [
      resource('SiteS3Bucket', '\\/\\*'),
      { regex: '/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-\\d+-[a-z0-9-]+\\/\\*$/' },
    ],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      "SST's bound secrets (Config.Secret: the SSO client secret, the SFTP key) are read from SSM under the app's own path, the stage's and the app-wide fallback values",
    appliesTo: [{ regex: '/^Resource::arn:<AWS::Partition>:ssm:[a-z0-9-]+:\\d+:parameter\\/sst\\/portal\\/[A-Za-z0-9.-]+\\/\\*$/' }],
  },
];

/** Findings of one resource, by its construct path under its stack (`Web/...`); `optional` ones exist in some stages only. */
const BY_RESOURCE: Record<string, NagPackSuppression[]> = {
  'Web/Site/S3Bucket/Resource': [
    {
      id: 'AwsSolutions-S1',
      reason: "The site bucket holds the public build output only, written by the deploy; CloudFront's requests to it need no access log",
    },
  ],
  'Web/Site/Distribution/Resource': [
    {
      id: 'AwsSolutions-CFR1',
      reason: 'Customers, retailers and suppliers sign in from several countries (SPEC): no geographic restriction',
    },
    {
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF: the API limits sign-in tries and request rates itself (ADR 010, ADR 052) and trusts only requests carrying the origin secret (ADR 023); a web ACL costs per rule and request',
    },
    {
      id: 'AwsSolutions-CFR3',
      reason: "Requests are logged where they are answered: the HTTP API's access log (one month) and the API Lambda's log by requestId",
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        "Without SITE_DOMAIN the distribution answers on its *.cloudfront.net name, whose certificate's TLS policy CloudFront fixes; with SITE_DOMAIN the ACM certificate is served by SNI",
    },
    {
      id: 'AwsSolutions-CFR7',
      reason: "SST v2's StaticSite reaches its private bucket through an origin access identity; the bucket is never public",
    },
  ],
  'Storage/AccessLogs/Resource': [
    { id: 'AwsSolutions-S1', reason: 'This is the access log bucket of the files and reports buckets: logging its own writes would loop' },
  ],
  'Web/OriginVerifySecret/Resource': [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront sends this value as a header: rotating it means a redeploy of the distribution and the API together, done by hand (runbook)',
    },
  ],
  'Jobs/ReportLinkKey/Resource': [
    {
      id: 'AwsSolutions-SMG4',
      reason: 'Signs links in mails already sent (ADR 042): an automatic rotation would break every unsubscribe and download link in them',
    },
  ],
  'Jobs/SchedulerDlq/Resource': [
    {
      id: 'AwsSolutions-SQS3',
      reason:
        "It is a dead-letter queue: Scheduler's DeadLetterConfig and the runner's on-failure destination name it, which cdk-nag does not see",
    },
  ],
  'Api/Route_ANY_--api--{proxy+}/Resource': [
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'The app authorizes every request itself: session cookies and per-function and per-object permissions (ADR 008, ARCHITECTURE convention 5)',
    },
  ],
};

/** Applies the suppressions above to the app's stacks; a path that names no construct fails the synthesis. */
export function suppressByDesign(app: App) {
  if (app.mode === 'remove') return; // an inactive stack has no resources to check
  for (const stack of app.node.children.filter((child): child is Stack => Stack.isStack(child))) {
    NagSuppressions.addStackSuppressions(stack, EVERY_STACK);
    const name = stack.node.id.split('-').at(-1);
    for (const [path, suppressions] of Object.entries(BY_RESOURCE)) {
      const [stackName, ...rest] = path.split('/');
      if (stackName !== name) continue;
      NagSuppressions.addResourceSuppressionsByPath(stack, `/${stack.node.path}/${rest.join('/')}`, suppressions);
    }
  }
}
