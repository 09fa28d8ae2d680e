import { Duration, Fn, SecretValue } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3Origin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Api, StaticSite, type StackContext } from 'sst/constructs';
import { ORIGIN_VERIFY_HEADER } from '../functions/api/client-address.ts';
import { SPA_FALLBACK_CODE } from './spa-fallback.ts';
import { ASSET_PATHS, awsFilesOrigin, siteContentSecurityPolicy, siteCspWithFiles, WORKER_ASSET_PATHS } from './site-headers.ts';

/**
 * The origin secret's versions during a rotation (ADR 096, docs/operations/runbook.md): ORIGIN_VERIFY_SECRET_VERSION,
 * the one CloudFront sends and the API accepts, and ORIGIN_VERIFY_ROTATING_VERSION, the other one the API accepts
 * too. Both unset (no rotation running): the secret's current value, as first generated.
 */
export function originSecretVersions(env: NodeJS.ProcessEnv = process.env): { sent?: string; rotating?: string } {
  const sent = env.ORIGIN_VERIFY_SECRET_VERSION || undefined;
  const rotating = env.ORIGIN_VERIFY_ROTATING_VERSION || undefined;
  if (rotating && !sent) throw new Error('ORIGIN_VERIFY_ROTATING_VERSION needs ORIGIN_VERIFY_SECRET_VERSION (ADR 096)');
  if (rotating && rotating === sent)
    throw new Error('ORIGIN_VERIFY_ROTATING_VERSION must differ from ORIGIN_VERIFY_SECRET_VERSION (ADR 096)');
  return { sent, rotating };
}

/**
 * The public entry points: the HTTP API (routes are attached by the Api stack) and the CloudFront site
 * that serves the SPA and forwards /api/* to that API. This stack comes first so that everything else can
 * use the site's URL (APP_URL, bucket CORS) without a circular dependency: CloudFront only needs the
 * API's domain, which exists before any route or Lambda does.
 */
export function Web({ stack, app }: StackContext) {
  // Optional: the API on a domain of its own (DNS outside AWS), API_DOMAIN plus a certificate in the stack's
  // region. Then its execute-api endpoint is switched off and CloudFront reaches it on that domain only.
  // Either way the origin secret below is what lets the API trust the viewer address (ADR 023).
  const apiDomainName = process.env.API_DOMAIN || undefined;
  const apiCertificateArn = process.env.API_CERTIFICATE_ARN || undefined;
  if (!apiDomainName !== !apiCertificateArn) {
    throw new Error('API_DOMAIN and API_CERTIFICATE_ARN (a certificate in the stack region) go together');
  }
  // Same-origin calls through CloudFront, so no CORS on the API itself.
  const api = new Api(stack, 'Http', {
    cors: false,
    accessLog: { retention: 'one_month' },
    customDomain:
      apiDomainName && apiCertificateArn
        ? {
            domainName: apiDomainName,
            isExternalDomain: true,
            cdk: { certificate: Certificate.fromCertificateArn(stack, 'ApiCertificate', apiCertificateArn) },
          }
        : undefined,
    cdk: { httpApi: { disableExecuteApiEndpoint: apiDomainName !== undefined } },
  });
  const apiDomain = apiDomainName ?? Fn.select(2, Fn.split('/', api.url));

  // The proof that a request came through this distribution (ADR 023): a random value generated per stage
  // by Secrets Manager, sent by CloudFront as a custom origin header and checked by the API Lambda before it
  // trusts CloudFront-Viewer-Address. The template holds only a dynamic reference, never the value. Named,
  // so the Api stack references it by name (no cross-stack export of a secret).
  const originSecretName = app.logicalPrefixedName('origin-verify');
  const originSecret = new Secret(stack, 'OriginVerifySecret', {
    secretName: originSecretName,
    description: `Sent by CloudFront as ${ORIGIN_VERIFY_HEADER} to the API (${app.stage})`,
    generateSecretString: { excludePunctuation: true, passwordLength: 48 },
  });
  // A rotation (ADR 096) names the version to send: CloudFormation resolves a reference again only when its text
  // changes, so a new value under an unchanged reference would never reach CloudFront.
  const originVersion = originSecretVersions().sent;
  const originHeaderValue = originVersion
    ? SecretValue.secretsManager(originSecret.secretArn, { versionId: originVersion })
    : originSecret.secretValue;

  const securityHeadersBehavior = {
    strictTransportSecurity: {
      accessControlMaxAge: Duration.days(365),
      includeSubdomains: true,
      override: true,
    },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
    referrerPolicy: {
      referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
      override: true,
    },
  };
  // The site's HTML and files: the same Content-Security-Policy the local server sends (site-headers.ts).
  const siteHeaders = new ResponseHeadersPolicy(stack, 'SecurityHeaders', {
    securityHeadersBehavior: {
      ...securityHeadersBehavior,
      contentSecurityPolicy: {
        contentSecurityPolicy: siteContentSecurityPolicy(siteCspWithFiles(awsFilesOrigin(app.region))), // + the files bucket (ADR 045)
        override: true,
      },
    },
  });
  // The API's answers keep the stricter policy the Lambda sets on each (default-src 'none').
  const apiHeaders = new ResponseHeadersPolicy(stack, 'ApiSecurityHeaders', {
    securityHeadersBehavior,
  });

  // SPA fallback at the edge: a path that is no file of the site is a client route, served as index.html
  // (spa-fallback.ts). Done here and not with distribution-wide error responses, which would also turn the
  // API's 403/404 into index.html.
  const spaFallback = new CfFunction(stack, 'SpaFallback', {
    code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
  });

  // Optional custom domain, DNS managed outside AWS: SITE_DOMAIN plus an ACM certificate in us-east-1.
  const domainName = process.env.SITE_DOMAIN;
  const certificateArn = process.env.SITE_CERTIFICATE_ARN;
  if (domainName && !certificateArn) throw new Error('SITE_DOMAIN needs SITE_CERTIFICATE_ARN (us-east-1)');

  const site = new StaticSite(stack, 'Site', {
    path: 'web',
    // Source maps carry the full TypeScript source: never uploaded. Vite writes none (web/vite.config.ts);
    // this removes any a later build setting would bring, before StaticSite archives dist/ (ADR 023).
    buildCommand: "npm run build && find dist -name '*.map' -type f -delete",
    buildOutput: 'dist',
    // SST writes Vite env typings into web/src by default (an empty interface there fails the lint); the
    // site gets no build-time env from infra, so the file goes where git, tsc and eslint do not look.
    vite: { types: 'node_modules/.sst/sst-env.d.ts' },
    // Caching as the local server does it (scripts/local/web-files.ts): StaticSite uploads every file with
    // no-cache (index.html above all: a new release's asset names are seen on the next load) and JS/CSS as
    // immutable; every file under assets/ has a content hash in its name, so all of them are immutable. The
    // service worker (sw.js, ADR 091) has none: never cached, or a release would wait for the cache to expire.
    assets: {
      fileOptions: [
        { files: 'assets/**', cacheControl: 'max-age=31536000,public,immutable' },
        { files: 'sw.js', cacheControl: 'max-age=0,no-cache,no-store,must-revalidate' },
      ],
    },
    customDomain:
      domainName && certificateArn
        ? {
            domainName,
            isExternalDomain: true,
            cdk: { certificate: Certificate.fromCertificateArn(stack, 'SiteCertificate', certificateArn) },
          }
        : undefined,
    cdk: {
      bucket: { enforceSSL: true }, // TLS-only, like the app's buckets (cdk-nag AwsSolutions-S10)
      distribution: {
        errorResponses: [],
        defaultBehavior: {
          // CloudFront compresses the site's files (gzip or brotli, as the viewer accepts); the managed
          // CachingOptimized policy is one that lets it.
          compress: true,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: siteHeaders,
          functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        additionalBehaviors: {
          '/api/*': {
            origin: new HttpOrigin(apiDomain, {
              protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
              customHeaders: { [ORIGIN_VERIFY_HEADER]: originHeaderValue.unsafeUnwrap() },
            }),
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: CachePolicy.CACHING_DISABLED,
            // API Gateway routes on its own Host header, so everything but Host is forwarded.
            originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            responseHeadersPolicy: apiHeaders,
          },
        },
      },
    },
  });

  addAssetBehaviours(stack, site, siteHeaders, securityHeadersBehavior);
  // An inactive stack (`sst remove`) has no distribution; the URL then only has to be well-formed.
  const siteUrl = site.customDomainUrl ?? site.url ?? 'https://localhost';
  stack.addOutputs({
    SiteUrl: siteUrl,
    ApiEndpoint: api.customDomainUrl ?? api.url,
    // The CNAME target of API_DOMAIN, for the DNS outside AWS.
    ...(api.cdk.domainName ? { ApiDomainTarget: api.cdk.domainName.regionalDomainName } : {}),
  });
  return { api, siteUrl, originSecretName };
}

/**
 * The hashed files under /assets/: the headers a subresource uses, not the document-only ones (site-headers.ts).
 * Behaviours after the API's, most specific first (CloudFront takes the first match): pdf.js's worker keeps
 * the site's headers (a worker takes its CSP from its own response), the other assets get the lean policy.
 * The site bucket as origin, compressed and cached as the site's files; no SPA fallback (no route is an asset).
 */
function addAssetBehaviours(
  stack: StackContext['stack'],
  site: StaticSite,
  siteHeaders: ResponseHeadersPolicy,
  { strictTransportSecurity, contentTypeOptions }: ResponseSecurityHeadersBehavior,
) {
  const distribution = site.cdk?.distribution;
  if (!site.cdk || !(distribution instanceof Distribution)) return;
  const assetHeaders = new ResponseHeadersPolicy(stack, 'AssetHeaders', {
    securityHeadersBehavior: { strictTransportSecurity, contentTypeOptions },
    customHeadersBehavior: {
      customHeaders: [{ header: 'Cross-Origin-Resource-Policy', value: 'same-origin', override: true }],
    },
  });
  const files = new S3Origin(site.cdk.bucket);
  const asset = {
    compress: true,
    cachePolicy: CachePolicy.CACHING_OPTIMIZED,
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
  };
  distribution.addBehavior(WORKER_ASSET_PATHS, files, { ...asset, responseHeadersPolicy: siteHeaders });
  distribution.addBehavior(ASSET_PATHS, files, { ...asset, responseHeadersPolicy: assetHeaders });
}
