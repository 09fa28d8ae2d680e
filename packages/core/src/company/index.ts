export * from './company.ts';
export * from './errors.ts';
export * from './vat-id.ts';
export * from './change-note.ts';
