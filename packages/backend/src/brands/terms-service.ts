import { TERMS, type TermsAcceptance, type TermsOfUse, type TermsTexts, termsLanguageOf } from '@portal/core/shared';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import type { BrandService } from './brand-service.ts';
import { getAcceptance, getTermsCurrent, getTermsVersion, putAcceptance, putTermsVersion, type TermsCurrent } from './terms-entity.ts';

/** The current version is cached per process as long as the brand itself (brand-service.ts): a new version asks within a minute. */
const CURRENT_CACHE_MS = 60_000;
/** Accepted versions remembered per process (an acceptance is never taken back, ADR 086); cleared whole when full. */
const ACCEPTED_CACHE_SIZE = 10_000;
/** Publications racing for the same next version: the loser reads again this often before giving up. */
const PUBLISH_ATTEMPTS = 3;

const sameTexts = (a: TermsTexts, b: TermsTexts) => a.en === b.en && a.de === b.de && a.pl === b.pl;

/**
 * Terms of use per brand (ADR 086): the reader's text, the acceptance, the gate the route policy applies to
 * every signed-in route but sign-in, session, My Account and the terms, and publication (the import kind).
 * Loaded on first use (backend index.ts): only a brand that requires terms needs it (brands.requiresTerms first).
 */
export function createTermsService(db: Db, now: () => Date, brands: BrandService) {
  const currents = new Map<string, { current: TermsCurrent | null; until: number }>();
  const accepted = new Map<string, number>();
  const acceptedKey = (username: string, brandId: string) => `${username}\u0000${brandId}`;

  async function currentOf(brandId: string): Promise<TermsCurrent | null> {
    const hit = currents.get(brandId);
    if (hit && hit.until > now().getTime()) return hit.current;
    const current = await getTermsCurrent(db, brandId);
    currents.set(brandId, { current, until: now().getTime() + CURRENT_CACHE_MS });
    return current;
  }

  function remember(username: string, brandId: string, version: number) {
    if (accepted.size >= ACCEPTED_CACHE_SIZE) accepted.clear();
    accepted.set(acceptedKey(username, brandId), version);
  }

  async function acceptedVersion(username: string, brandId: string, atLeast: number): Promise<number | null> {
    const cached = accepted.get(acceptedKey(username, brandId));
    if (cached !== undefined && cached >= atLeast) return cached;
    const acceptance = await getAcceptance(db, username, brandId);
    if (acceptance) remember(username, brandId, acceptance.version);
    return acceptance?.version ?? null;
  }

  async function brandCurrent(host: string | undefined) {
    const brand = await brands.forHost(host);
    const current = await currentOf(brand.id);
    return { brand, current };
  }

  return {
    /**
     * The version the caller must accept before anything else, or null: the brand requires terms, has
     * published some, and the caller's latest acceptance is older. Costs nothing once accepted (process cache).
     */
    async pendingVersion(host: string | undefined, username: string): Promise<number | null> {
      if (!(await brands.requiresTerms(host))) return null;
      const { brand, current } = await brandCurrent(host);
      if (!current) return null;
      const version = await acceptedVersion(username, brand.id, current.version);
      return version !== null && version >= current.version ? null : current.version;
    },

    /** The route policy's gate: 403 TERMS.ACCEPTANCE_REQUIRED until the current version is accepted. */
    async assertAccepted(host: string | undefined, username: string): Promise<void> {
      if ((await this.pendingVersion(host, username)) === null) return;
      throw new AppError('forbidden', TERMS.ACCEPTANCE_REQUIRED, 'Please read and accept the terms of use to continue.');
    },

    /** GET /terms: the current version in the reader's language (else English); 404 when the brand has none. */
    async forReader(host: string | undefined, username: string, locale: string | undefined): Promise<TermsOfUse> {
      const { brand, current } = await brandCurrent(host);
      const record = current && (await getTermsVersion(db, brand.id, current.version));
      if (!current || !record) throw new AppError('not_found', TERMS.NOT_FOUND, 'This portal has no terms of use.');
      const wanted = termsLanguageOf(locale);
      const language = record.texts[wanted] === undefined ? 'en' : wanted;
      const acceptance = await getAcceptance(db, username, brand.id);
      return {
        brandId: brand.id,
        version: current.version,
        publishedAt: current.publishedAt,
        language,
        markdown: record.texts[language] ?? record.texts.en,
        required: brand.customFields.termsOfUseRequired === true,
        acceptedAt: acceptance && acceptance.version >= current.version ? acceptance.acceptedAt : null,
      };
    },

    /**
     * POST /terms/acceptance: records the caller's acceptance of `version`, which must be the current one (409
     * otherwise: they were shown an older text). Accepting again answers the first acceptance, writes nothing.
     */
    async accept(host: string | undefined, username: string, version: number): Promise<TermsAcceptance> {
      const brand = await brands.forHost(host);
      const current = await getTermsCurrent(db, brand.id, true);
      if (!current) throw new AppError('not_found', TERMS.NOT_FOUND, 'This portal has no terms of use.');
      if (version !== current.version) {
        throw new AppError('conflict', TERMS.VERSION_OUTDATED, 'The terms of use have changed meanwhile. Please read the new version.');
      }
      const acceptance = { version, acceptedAt: now().toISOString() };
      if (!(await putAcceptance(db, username, brand.id, acceptance))) {
        const stored = await getAcceptance(db, username, brand.id);
        if (stored) remember(username, brand.id, stored.version);
        return stored && stored.version >= version ? stored : acceptance;
      }
      remember(username, brand.id, version);
      currents.set(brand.id, { current, until: now().getTime() + CURRENT_CACHE_MS });
      return acceptance;
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;

/**
 * Publishes `texts` as the brand's next version (the `termsOfUse` import kind, ADR 086): the same texts as the
 * current version write nothing. Racing publications each land as their own version or find theirs current.
 */
export async function publishTerms(
  db: Db,
  brandId: string,
  texts: TermsTexts,
  publishedBy: string,
  at: Date,
): Promise<{ version: number; published: boolean }> {
  for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt += 1) {
    const current = await getTermsCurrent(db, brandId, true);
    const latest = current && (await getTermsVersion(db, brandId, current.version));
    if (current && latest && sameTexts(latest.texts, texts)) return { version: current.version, published: false };
    const version = (current?.version ?? 0) + 1;
    const record = { version, texts, publishedAt: at.toISOString(), publishedBy };
    if (await putTermsVersion(db, brandId, record, current?.version ?? null)) return { version, published: true };
  }
  throw new AppError('conflict', TERMS.VERSION_OUTDATED, 'Another version of these terms was published at the same time; try again.');
}
