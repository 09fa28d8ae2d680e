import type { SessionStatus } from '@portal/core/auth';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { resetSession } from '../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../test/dom.tsx';
import { signedIn } from '../../test/fixtures.ts';

/** A brand that wrote English and German texts, no Polish ones (SPEC 9: help card German or English). */
const brand = {
  body: {
    id: 'b',
    name: 'Acme',
    layout: 'default',
    texts: {
      en: { footerLinks: [{ name: 'Help card', href: 'https://help.example.com/card-en.pdf' }] },
      de: {
        footerLinks: [
          { name: 'Hilfekarte', href: 'https://help.example.com/card-de.pdf' },
          { name: 'Impressum', href: 'https://help.example.com/impressum' },
        ],
        mfaNotice: 'Ab dem {date} gilt MFA bei Acme.',
      },
    },
    customFields: { mfaActivationDate: '2099-03-01' },
  },
};
const userIn = (locale: string): SessionStatus => {
  const status = signedIn();
  return { ...status, user: { ...status.user!, locale } };
};
const footerLink = async (name: string) => (await screen.findAllByRole('link', { name: new RegExp(`^${name}`) }))[0]!;

describe("the brand's texts in the user's language", () => {
  beforeEach(() => resetSession('connect'));

  it('German: the German help card, legal notice and MFA notice', async () => {
    fakeBackend({ 'GET /api/brand': brand, 'GET /api/auth/status': { body: userIn('de-de') } });
    renderRoute(paths.connect.root);
    expect((await footerLink('Hilfekarte')).getAttribute('href')).toBe('https://help.example.com/card-de.pdf');
    expect((await footerLink('Impressum')).getAttribute('href')).toBe('https://help.example.com/impressum');
    expect(screen.queryByRole('link', { name: /^Help card/ })).toBeNull();
    expect(await screen.findByText('Ab dem 1. März 2099 gilt MFA bei Acme.')).toBeTruthy();
  });

  it('Polish, which the brand did not write: the English entry', async () => {
    fakeBackend({ 'GET /api/brand': brand, 'GET /api/auth/status': { body: userIn('pl-pl') } });
    renderRoute(paths.connect.root);
    expect((await footerLink('Help card')).getAttribute('href')).toBe('https://help.example.com/card-en.pdf');
    expect(screen.queryByRole('link', { name: /^Hilfekarte/ })).toBeNull();
    expect(screen.queryByText(/gilt MFA bei Acme/)).toBeNull();
  });
});
