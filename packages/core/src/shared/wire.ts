/**
 * The wire's framing, apart from the contracts (contracts.ts) so that code which reads an answer before zod is
 * loaded (the web's first reads, ADR 117) takes these without the schemas.
 */

/** Every /api request names the portal it is made from (SPEC 7). */
export const PORTAL_HEADER = 'X-Portal';

/** Anti-script-inclusion prefix put before every JSON body; the web client strips it. */
export const XSSI_PREFIX = ")]}',\n";
