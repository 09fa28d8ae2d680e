import { withFieldCode } from './field-messages.ts';
import { keepsMarkdownBounds } from './markdown-bounds.ts';
import { Messages } from './messages.ts';
import * as z from './zod.ts';

/**
 * A stored Markdown text every reader's browser parses (a news body, ADR 081; the terms of use, ADR 086):
 * trimmed, not empty, at most `maxLength` characters, and within the bounds that keep its parsing linear (ADR 157).
 */
export const markdownText = (maxLength: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter a text'),
      z.maxLength(maxLength),
      z.refine(keepsMarkdownBounds, withFieldCode(Messages.markdownTooComplex)),
    );
