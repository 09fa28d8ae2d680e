// The part of openid-client single sign-on uses, imported with import() by the first SSO request
// (sso-service.ts). A module of its own so the bundler keeps only these, not all of openid-client.
export {
  allowInsecureRequests,
  authorizationCodeGrant,
  AuthorizationResponseError,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  ClientError,
  discovery,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  ResponseBodyError,
  type Configuration,
  type IDToken,
} from 'openid-client';
