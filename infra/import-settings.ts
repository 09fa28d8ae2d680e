// The import path's settings (ADR 069), apart from the constructs so tests read them without loading SST.

export const IMPORT_PREFIXES = ['sftp/', 'imports/'] as const;
/** A message not finished comes back after this; the worker's lease (its budget + 1 minute) ends before. */
export const IMPORT_VISIBILITY_MINUTES = 20;
/** Receives before the DLQ: a poisoned file is made visible again at once, so these pass in seconds. */
export const IMPORT_MAX_RECEIVES = 5;
/** Workers at once: the back-pressure on the table (ADR 069's arithmetic: 20 × ~500 rows/s within the warm throughput). */
export const IMPORT_MAX_CONCURRENCY = 20;

/** A file waiting this long in the import queue raises the alarm (ADR 069): three delivery intervals. */
export const IMPORT_WAIT_ALARM_MINUTES = 15;
