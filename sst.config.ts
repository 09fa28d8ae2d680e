import type { SSTConfig } from 'sst';
import { Api } from './infra/api.ts';
import { Email } from './infra/email.ts';
import { Jobs } from './infra/jobs.ts';
import { Migrations } from './infra/migrations.ts';
import { Monitoring } from './infra/monitoring.ts';
import { suppressByDesign } from './infra/nag.ts';
import { Storage } from './infra/storage.ts';
import { Web } from './infra/web.ts';

// SST v2 (docs/decisions/001-sst-v2.md). Deploy with `npx sst deploy --stage NAME`.
export default {
  config() {
    return { name: 'portal', region: process.env.AWS_REGION || 'eu-central-1' };
  },
  stacks(app) {
    // Server access logs are delivered under a bucket policy, not the legacy log-delivery ACL (ADR 093).
    app.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
    app.setDefaultFunctionProps({ runtime: 'nodejs22.x', architecture: 'arm_64' });
    app.setDefaultRemovalPolicy(app.stage === 'prod' ? 'retain' : 'destroy');
    app.stack(Web).stack(Storage).stack(Email).stack(Jobs).stack(Api).stack(Migrations).stack(Monitoring);
    suppressByDesign(app);
  },
} satisfies SSTConfig;
