/**
 * The file formats an export (ADR 033) and a report's file (ADR 041) are written in. A module without zod or other
 * contracts, so a screen that only lists the formats (the export card's first view) loads nothing else (ADR 141).
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
