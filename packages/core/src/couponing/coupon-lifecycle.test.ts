import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CardFacts,
  type CardState,
  COUPON_ACTIONS,
  type CouponAction,
  decideAction,
  initialStatus,
  needsConfirmation,
  serialStatusOf,
  serialStatusOfCards,
  STORED_COUPON_STATUSES,
} from './coupon-lifecycle.ts';
import { parseSerialList } from './couponing.ts';
import { CONTRACT_COUPON_STATUSES, SERIAL_STATUSES } from '../shared/statuses.ts';

/**
 * The table of ADR 016, written out once more by hand: status × action → next status, '-' refused.
 * Columns: check, activate, void, redeem, deactivate.
 */
const ADR_TABLE: Record<string, string[]> = {
  notReady: ['notReady', 'activated', '-', '-', 'deactivated'],
  activated: ['activated', '-', 'voided', 'redeemed', 'deactivated'],
  voided: ['voided', 'activated', '-', '-', 'deactivated'],
  redeemed: ['redeemed', '-', '-', '-', '-'],
  deactivated: ['deactivated', '-', '-', '-', '-'],
  failed: ['failed', '-', '-', '-', 'deactivated'],
  'contract ready': ['ready', 'issued', 'voided', '-', '-'],
  'contract issued': ['issued', '-', 'voided', 'redeemed', '-'],
  'contract redeemed': ['redeemed', '-', '-', '-', '-'],
  'contract voided': ['voided', '-', '-', '-', '-'],
};

const state = (name: string): CardState =>
  (name.startsWith('contract ')
    ? { contract: true, status: name.slice('contract '.length) }
    : { contract: false, status: name }) as CardState;

const apply = (from: CardState, action: CouponAction): CardState => {
  const decision = decideAction(from, action);
  return decision.allowed ? decision.to : from;
};

const anyState: fc.Arbitrary<CardState> = fc.oneof(
  fc.constantFrom(...STORED_COUPON_STATUSES).map((status): CardState => ({ contract: false, status })),
  fc.constantFrom(...CONTRACT_COUPON_STATUSES).map((status): CardState => ({ contract: true, status })),
);
const actions = fc.array(fc.constantFrom(...COUPON_ACTIONS), { maxLength: 40 });

describe('coupon life cycle (ADR 016)', () => {
  it('decides every status × action exactly as the ADR table says', () => {
    for (const [name, row] of Object.entries(ADR_TABLE)) {
      for (const [i, action] of COUPON_ACTIONS.entries()) {
        const decision = decideAction(state(name), action);
        const expected = row[i];
        if (expected === '-') expect(decision.allowed, `${name} ${action}`).toBe(false);
        else expect(decision.allowed && decision.to.status, `${name} ${action}`).toBe(expected);
      }
    }
  });

  it('never reaches a state the table forbids, whatever the sequence of actions', () => {
    fc.assert(
      fc.property(anyState, actions, (start, sequence) => {
        let current = start;
        for (const action of sequence) {
          const before = current;
          const decision = decideAction(before, action);
          current = apply(before, action);
          // The kind of card never changes.
          expect(current.contract).toBe(start.contract);
          // A step is either refused (nothing changes) or exactly the table's entry.
          const row = ADR_TABLE[before.contract ? `contract ${before.status}` : before.status]!;
          const entry = row[COUPON_ACTIONS.indexOf(action)];
          expect(decision.allowed ? current.status : '-').toBe(entry);
          // The spec's rules: deactivated and failed coupons are never activated; check never changes anything.
          if (!before.contract && (before.status === 'deactivated' || before.status === 'failed')) {
            expect(current.status === 'activated').toBe(false);
          }
          if (action === 'check') expect(current).toEqual(before);
          // Final states stay final.
          if (before.status === 'redeemed' || before.status === 'deactivated') expect(current).toEqual(before);
          if (before.contract && before.status === 'voided') expect(current).toEqual(before);
          // Refusals say why.
          if (!decision.allowed) expect(decision.reason.length).toBeGreaterThan(10);
        }
      }),
    );
  });

  it('from a new card, never reaches Failed (only the processor reports it) and never deactivates a contract coupon', () => {
    fc.assert(
      fc.property(fc.boolean(), actions, (contract, sequence) => {
        let current = { contract, status: initialStatus(contract) } as CardState;
        for (const action of sequence) {
          current = apply(current, action);
          expect(current.status).not.toBe('failed');
          if (contract) expect(CONTRACT_COUPON_STATUSES).toContain(current.status);
          else expect(STORED_COUPON_STATUSES).toContain(current.status);
        }
      }),
    );
  });

  it('lets a voided coupon be activated again, and explains each refusal in the spec’s terms', () => {
    expect(decideAction({ contract: false, status: 'voided' }, 'activate')).toEqual({
      allowed: true,
      to: { contract: false, status: 'activated' },
    });
    const reason = (s: CardState, a: CouponAction) => {
      const d = decideAction(s, a);
      return d.allowed ? null : d.reason;
    };
    expect(reason({ contract: false, status: 'deactivated' }, 'activate')).toBe('A deactivated coupon cannot be activated again.');
    expect(reason({ contract: false, status: 'failed' }, 'activate')).toBe('A failed coupon cannot be activated.');
    expect(reason({ contract: false, status: 'deactivated' }, 'deactivate')).toBe('The coupon is already deactivated.');
    expect(reason({ contract: false, status: 'notReady' }, 'void')).toBe('Only an activated coupon can be voided; this one is not ready.');
    expect(reason({ contract: true, status: 'issued' }, 'deactivate')).toBe('A contract coupon cannot be deactivated; void it instead.');
    expect(reason({ contract: true, status: 'ready' }, 'redeem')).toBe(
      'A contract coupon must be issued (activated) before it can be redeemed.',
    );
  });
});

describe('confirmation of one-way money actions', () => {
  it('asks before redeem, void and deactivate; activate and check book on one click', () => {
    expect(COUPON_ACTIONS.filter(needsConfirmation).sort()).toEqual(['deactivate', 'redeem', 'void']);
  });
});

describe('serial status (SPEC 4) of a card', () => {
  const card = (over: Partial<CardFacts> & CardState): CardFacts => ({ validUntil: null, soldOffline: false, ...over });
  const today = '2026-11-21';

  it('maps every stored status, and reaches every serial status', () => {
    const seen = new Set<string>([
      serialStatusOfCards([], today),
      serialStatusOfCards([card({ contract: false, status: 'notReady' }), card({ contract: false, status: 'activated' })], today),
    ]);
    for (const status of STORED_COUPON_STATUSES) {
      seen.add(serialStatusOf(card({ contract: false, status }), today));
      seen.add(serialStatusOf(card({ contract: false, status, soldOffline: true }), today));
      seen.add(serialStatusOf(card({ contract: false, status, validUntil: '2026-01-31' }), today));
    }
    for (const status of CONTRACT_COUPON_STATUSES) seen.add(serialStatusOf(card({ contract: true, status }), today));
    expect([...seen].sort()).toEqual([...SERIAL_STATUSES].sort());
  });

  it('shows expiry only while the card is still in use', () => {
    const past = '2026-11-20';
    expect(serialStatusOf(card({ contract: false, status: 'activated', validUntil: past }), today)).toBe('expired');
    expect(serialStatusOf(card({ contract: false, status: 'activated', validUntil: today }), today)).toBe('sold');
    expect(serialStatusOf(card({ contract: false, status: 'redeemed', validUntil: past }), today)).toBe('redeemed');
    expect(serialStatusOf(card({ contract: true, status: 'ready', validUntil: past }), today)).toBe('expired');
  });
});

describe('parseSerialList', () => {
  it('reads one serial a line, drops blanks and repeats, and names each bad line', () => {
    const list = parseSerialList('1234567890123\n\n  1234-5678-9012-3 \n12ab\n1234567890123\n99;1234567890\n');
    expect(list.serials).toEqual(['1234567890123', '1234567890']);
    expect(list.duplicates).toBe(2);
    expect(list.issues).toEqual([
      { line: 4, value: '12ab', message: 'A serial number has 10 to 20 digits.' },
      { line: 6, value: '99', message: 'A serial number has 10 to 20 digits.' },
    ]);
  });

  it('never accepts what the format forbids and never loses a valid serial', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.stringMatching(/^\d{10,20}$/), fc.string({ maxLength: 24 })), { maxLength: 60 }), (lines) => {
        const list = parseSerialList(lines.join('\n'));
        for (const serial of list.serials) expect(serial).toMatch(/^\d{10,20}$/);
        for (const line of lines) {
          for (const part of line.split(/[,;\t\r]/)) {
            const serial = part.trim().replace(/[\s-]/g, '');
            if (/^\d{10,20}$/.test(serial)) expect(list.serials).toContain(serial);
          }
        }
      }),
    );
  });
});
