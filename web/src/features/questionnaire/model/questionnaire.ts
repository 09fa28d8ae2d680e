/**
 * The anonymous external questionnaire behind 'Evaluate our service' (SPEC 1, 9; ADR 015). Its address is
 * the brand's `customFields.questionnaireUrl`; it is opened as it is configured — no user data is added.
 */

/** The questionnaire takes about 3 to 5 minutes (SPEC 1). */
export const QUESTIONNAIRE_MINUTES = { min: 3, max: 5 } as const;

/**
 * The address to open, or null when there is none to offer: only absolute http(s) addresses are used
 * (a `javascript:` or relative value in the brand settings is ignored).
 */
export function questionnaireLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Attributes of a link that opens the questionnaire in a new tab without handing it this page. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The questionnaire to offer (ADR 017; sidebar entry and /app/questionnaire): the brand's
 * address when it is usable and the ordering setting disableQuestionnaire is not set; otherwise null
 * and the entry is hidden.
 */
export function questionnaireHref(
  url: string | null | undefined,
  orderingSettings: Readonly<Record<string, boolean>> | null | undefined,
): string | null {
  return orderingSettings?.disableQuestionnaire === true ? null : questionnaireLink(url);
}
