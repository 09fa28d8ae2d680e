import { describe, expect, it } from 'vitest';
import { companyChangeNote } from './change-note.ts';

describe('companyChangeNote', () => {
  it('writes the note in the requester’s language, the count in its plural form; English otherwise', () => {
    expect(companyChangeNote({ kind: 'profile', fields: 1 }, 'en-US')).toBe('Company profile: 1 field changed.');
    expect(companyChangeNote({ kind: 'profile', fields: 3 }, 'de-DE')).toBe('Unternehmensprofil: 3 Felder geändert.');
    expect(companyChangeNote({ kind: 'profile', fields: 5 }, 'pl-PL')).toBe('Profil firmy: zmieniono 5 pól.');
    expect(companyChangeNote({ kind: 'profile', fields: 2 }, 'pl-PL')).toBe('Profil firmy: zmieniono 2 pola.');
    expect(companyChangeNote({ kind: 'assets' }, 'fr-FR')).toBe('Logo de l’entreprise : un nouveau logo.');
    expect(companyChangeNote({ kind: 'documents', name: 'Price list.pdf' }, 'de-DE')).toBe(
      'Unternehmensdokumente: „Price list.pdf“ hochgeladen.',
    );
    expect(companyChangeNote({ kind: 'profile', fields: 2 }, 'xx-YY')).toBe('Company profile: 2 fields changed.');
  });
});
