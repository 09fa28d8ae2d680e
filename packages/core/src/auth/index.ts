export * from './connect-sections.ts';
export * from './contracts.ts';
export * from './errors.ts';
export * from './flags.ts';
export * from './forms.ts';
export * from './landing.ts';
export * from './login-messages.ts';
export * from './sso.ts';
