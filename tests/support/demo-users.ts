/** The seeded demo account of a name, for the browser suites: one lookup, kept with the seed that makes them. */
export { demoAccount } from '../../scripts/seed/seed.ts';
