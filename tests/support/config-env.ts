/** The variables the backend's config requires (config.ts), with test values; tests add APP_URL and the rest. */
export const REQUIRED_CONFIG_ENV = {
  STAGE: 'test',
  TABLE_NAME: 'table',
  FILES_BUCKET: 'files',
  REPORTS_BUCKET: 'reports',
  MAIL_FROM: 'portal@example.com',
};
