import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONNECT_SECTION_KEYS,
  CONNECT_SECTION_PERMISSIONS,
  connectSectionPolicy,
  connectSectionsFor,
  mayUseConnectSection,
} from './connect-sections.ts';
import { decodeAccess, MODULE_FLAGS, MODULE_NAMES, type RawAccess } from './flags.ts';

const modulesOf = (modules: RawAccess['modules']) => decodeAccess({ securityFlag: 0, permissions: 0, settings: 0, modules }).modules;

/** Every bit of a module's permission map set. */
const allBits = (name: (typeof MODULE_NAMES)[number]) =>
  Object.values(MODULE_FLAGS[name].permissions as Record<string, number>).reduce((a, b) => a + b, 0);

describe('mayUseConnectSection', () => {
  it('opens news, documents, the company and the logo to every connect user, the rest by module permission', () => {
    expect(connectSectionsFor(modulesOf({}))).toEqual(['news', 'documents', 'company', 'logo']);
    expect(connectSectionsFor(undefined)).toEqual(['news', 'documents', 'company', 'logo']);
  });

  it('opens each section by each of its permissions, and by no other single permission', () => {
    for (const section of CONNECT_SECTION_KEYS) {
      const opening = CONNECT_SECTION_PERMISSIONS[section];
      if (opening.length === 0) continue;
      for (const module of MODULE_NAMES) {
        for (const [permission, bit] of Object.entries(MODULE_FLAGS[module].permissions as Record<string, number>)) {
          const modules = modulesOf({ [module]: { permissions: bit, settings: 0 } });
          const expected = opening.some((ref) => ref.module === module && ref.permission === permission);
          expect(mayUseConnectSection(modules, section), `${section} by ${module}.${permission}`).toBe(expected);
        }
      }
    }
  });

  it('names the section examples of ADR 031', () => {
    const payment = modulesOf({ payment: { permissions: 3, settings: 0 } });
    expect(connectSectionsFor(payment)).toEqual(['serial-numbers', 'transactions', 'imports', 'news', 'documents', 'company', 'logo']);
    // atm.transactions opens Transactions but not Imports: the imports API asks for payment.transactions (ADR 079).
    expect(connectSectionsFor(modulesOf({ atm: { permissions: allBits('atm'), settings: 0 } }))).not.toContain('imports');
    const flow = modulesOf({ flow: { permissions: 1 + 8, settings: 0 } });
    expect(connectSectionsFor(flow)).toEqual(['news', 'documents', 'company', 'logo', 'requests']);
    // The workflow editor lives in Requests: editWorkflows alone opens the section.
    expect(connectSectionsFor(modulesOf({ flow: { permissions: 32, settings: 0 } }))).toEqual([
      'news',
      'documents',
      'company',
      'logo',
      'requests',
    ]);
    const everything = modulesOf(Object.fromEntries(MODULE_NAMES.map((name) => [name, { permissions: allBits(name), settings: 0 }])));
    expect(connectSectionsFor(everything)).toEqual([...CONNECT_SECTION_KEYS]);
  });

  it('answers false for every section once authorization has failed', () => {
    const everything = modulesOf(Object.fromEntries(MODULE_NAMES.map((name) => [name, { permissions: allBits(name), settings: 0 }])));
    for (const section of CONNECT_SECTION_KEYS) expect(mayUseConnectSection(everything, section, true)).toBe(false);
  });

  it('is monotone: adding permission bits never closes a section (property)', () => {
    const numbers = fc.record(
      Object.fromEntries(MODULE_NAMES.map((name) => [name, fc.nat({ max: 2 ** 12 })])) as Record<
        (typeof MODULE_NAMES)[number],
        fc.Arbitrary<number>
      >,
    );
    fc.assert(
      fc.property(numbers, numbers, (a, b) => {
        const raw = (n: Record<string, number>, extra: Record<string, number>) =>
          Object.fromEntries(
            MODULE_NAMES.map((name) => {
              // The union of both values' bits, as a permission number.
              let union = 0;
              for (const bit of Object.values(MODULE_FLAGS[name].permissions as Record<string, number>)) {
                if (Math.floor(n[name]! / bit) % 2 === 1 || Math.floor(extra[name]! / bit) % 2 === 1) union += bit;
              }
              return [name, { permissions: union, settings: 0 }];
            }),
          );
        const fewer = modulesOf(raw(a, a));
        const more = modulesOf(raw(a, b));
        for (const section of CONNECT_SECTION_KEYS) {
          if (mayUseConnectSection(fewer, section)) expect(mayUseConnectSection(more, section)).toBe(true);
        }
      }),
    );
  });
});

describe('connect module maps', () => {
  it('are powers of two, distinct within each module', () => {
    for (const name of MODULE_NAMES) {
      const bits = Object.values(MODULE_FLAGS[name].permissions as Record<string, number>);
      expect(new Set(bits).size).toBe(bits.length);
      for (const bit of bits) expect(Math.log2(bit) % 1).toBe(0);
    }
  });
});

describe('connectSectionPolicy', () => {
  it("names a section's opening permissions as the route policy does", () => {
    expect(connectSectionPolicy('transactions')).toEqual(['payment.transactions', 'atm.transactions']);
    expect(connectSectionPolicy('requests')).toEqual(['flow.doRequests', 'flow.approveRequests', 'flow.editWorkflows']);
    expect(connectSectionPolicy('imports')).toEqual(['payment.transactions']);
    expect(connectSectionPolicy('news')).toEqual([]);
    expect(connectSectionPolicy('team')).toEqual(['team.manageTeam']);
  });
});
