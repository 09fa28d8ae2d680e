// The logo domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
// stageLogo and applyLogo are the two steps an approval (ADR 084) or the seed calls.
export {
  applyLogo,
  currentLogoPng,
  currentLogoUrl,
  keepStagedLogo,
  LOGO_STAGED_IMAGE_DAYS,
  logoObjectKey,
  stageLogo,
  type LogoDeps,
} from './logo-service.ts';
// The re-encoding alone, for its bench (scripts/bench/logo-reencode.ts).
export { reencodeLogo } from './logo-images.ts';
