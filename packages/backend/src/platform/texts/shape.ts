import type English from './en.ts';

/**
 * The shape of the server's texts (ADR 090), apart from server-texts.ts so that the language tables
 * import their type without a circle through the module that loads them.
 */

/** A counted text: the forms of the language's plural categories (en/de one+other, fr one+many+other, pl one+few+many+other). */
export type PluralForms = { one: string; few?: string; many?: string; other: string };

/** English's tree with every leaf widened: what each language's table must be. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends { other: string } ? PluralForms : Shape<T[K]> };
export type ServerTexts = Shape<typeof English>;
