/**
 * What a write of records answers per record. It lives with the domain writers that produce it
 * (master data, serial ranges), below import/, which only reports it: every import arrow points down.
 */

/**
 * A record that is well-formed but cannot be written (e.g. it names an account, store or product that
 * does not exist): the import reports it with its line number and the message, and writes nothing of it.
 */
export class ImportRejected extends Error {}

/** One line's outcome in a batch write. */
export type LineOutcome = 'created' | 'updated' | { rejected: string };
