/**
 * The user-visible texts of SPEC 5, 6 and 8, verbatim. They are the English fallback and the single
 * source for validation rules (validation.ts) and error mapping; the web translates them by key.
 *
 * The password rule texts (`passwordMin...`) are not given by the spec; their wording is ours.
 */
export const Messages = {
  // SPEC 5 validation
  required: 'Value is required',
  numeric: 'Value must be numeric',
  email: 'Value is not a valid email address',
  tooLong: 'Value is too long',
  passwordsDoNotMatch: 'The passwords do not match.',
  givenPasswordsDoNotMatch: 'The given passwords do not match',
  minimum: 'Minimum',
  maximum: 'Maximum',
  packagingUnit: 'PU',
  atLeastOneValue: 'Please enter at least one value',
  selectLocation: 'Please select a location',
  orderInvalid: 'Your order is invalid',
  passwordMinLength: 'The password must be at least 12 characters long',
  passwordLowercase: 'The password needs at least one lowercase letter',
  passwordUppercase: 'The password needs at least one uppercase letter',
  passwordDigit: 'The password needs at least one number',
  passwordSpecial: 'The password needs at least one special character',
  // A Markdown text's bounds (ADR 157, MARKDOWN_LIMITS); our wording.
  markdownTooComplex:
    'The text has too much Markdown structure: at most 800 lines, 400 list items, lists and quotes 10 levels deep, 1,000 runs of * or _, and 2,000 of [ \\ < & or `',

  // SPEC 2 retailer gate
  retailerRequired: 'retailer required',
  selectRetailer: 'Please select a retailer to proceed.',

  // SPEC 6 access dialogs
  accessDenied: 'Access denied',
  loginRequired: 'Please login to access this section',
  higherAuthenticationRequired:
    'This section requires a higher authentication standard. Please activate multi-factor authentication for your account to access this section.',

  // SPEC 8 login and account
  authenticationFailed: 'Authentication failed',
  accountLocked: 'account locked',
  invalidCertificate: 'invalid certificate',
  invalidIp: 'invalid ip',
  invalidUsernameOrPassword: 'Invalid username or password',
  wrongPassword: 'wrong password',
  wrongUrl: 'wrong url',
  passwordAlreadyUsed: 'Password was already used',
  currentPasswordMismatch: 'Current password does not match',
  passwordTooWeak: 'Password is too weak',
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  passwordExpired: 'Your password is expired. Please renew it and login again.',
  passwordExpiring: 'Your password is going to expire. Please renew it as soon as possible.',
  // The title of the password-expiry service message (SPEC 3's serviceMessages).
  passwordNotice: 'Password',

  // SPEC 8 internal errors
  failedToUpdateAccount: 'Failed to update account',
  failedToResetPassword: 'Failed to reset password',
  failedToGetSessionStatus: 'Failed to get session status',
  failedToSignIn: 'Failed to sign in',
  failedToLogOut: 'Failed to log out user',

  // SPEC 8 other notices
  logoutSuccessful: 'Logout successful',
  otpCodeSent: 'OTP code sent',
  onlyForMfa: 'Only for MFA',
  orderCreateFailed: 'Your order could not be created.',
  orderCreated: 'Your order has been created successfully. Order quantities and delivery date will be approved.',
  changesSaved: 'Changes saved successfully',
  savingChangesFailed: 'Saving changes failed',
  downloadSplit: 'The selected result set is too large for a single download and will be split into multiple downloads.',
} as const;
export type MessageKey = keyof typeof Messages;
