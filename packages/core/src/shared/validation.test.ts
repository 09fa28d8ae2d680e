import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailRule, emailString, isBlank, numericRule, quantityRule, requiredRule } from './validation.ts';

describe('isBlank and requiredRule', () => {
  it.each([null, undefined, '', ' ', '\t\n', '\u00a0'])('treats %j as empty', (value) => {
    expect(isBlank(value)).toBe(true);
    expect(requiredRule(value)).toBe('Value is required');
  });

  it('accepts any visible text', () => {
    expect(isBlank(' a ')).toBe(false);
    expect(requiredRule('0')).toBeNull();
  });
});

describe('numericRule', () => {
  it('accepts digits only and the empty value', () => {
    expect(numericRule('')).toBeNull();
    expect(numericRule(undefined)).toBeNull();
    expect(numericRule('0123456789')).toBeNull();
  });

  it.each(['12a', ' 12', '12 ', '-1', '1.5', '1e3', '١٢'])('rejects %j', (value) => {
    expect(numericRule(value)).toBe('Value must be numeric');
  });
});

describe('emailRule', () => {
  it.each(['a@b.de', 'first.last+tag@sub.example.com', 'x@y.co'])('accepts %s', (value) => {
    expect(emailRule(value)).toBeNull();
  });

  it.each(['a', 'a@b', 'a@b.', 'a@.de', '@b.de', 'a b@c.de', 'a@b@c.de', 'a@b..de'])('rejects %s', (value) => {
    expect(emailRule(value)).toBe('Value is not a valid email address');
  });

  it('lets the empty value pass (required is separate)', () => {
    expect(emailRule('')).toBeNull();
  });

  it('combines with required in emailString', () => {
    expect(
      emailString()
        .safeParse('')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Value is required']);
    expect(
      emailString()
        .safeParse('nope')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Value is not a valid email address']);
    expect(emailString().safeParse('a@b.de').success).toBe(true);
  });
});

describe('quantityRule', () => {
  const product = { minimum: 10, maximum: 100, packagingUnit: 5 };

  it('accepts multiples of the unit within the bounds, bounds included', () => {
    expect(quantityRule(product, 10)).toBeNull();
    expect(quantityRule(product, 55)).toBeNull();
    expect(quantityRule(product, 100)).toBeNull();
  });

  it('says PU for quantities off the packaging unit', () => {
    expect(quantityRule(product, 12)).toBe('PU');
    expect(quantityRule(product, 99)).toBe('PU');
  });

  it('says Minimum for zero, negative and too small quantities', () => {
    expect(quantityRule(product, 5)).toBe('Minimum');
    expect(quantityRule(product, 0)).toBe('Minimum');
    expect(quantityRule(product, -5)).toBe('Minimum');
    expect(quantityRule({}, 0)).toBe('Minimum');
    expect(quantityRule({ minimum: 0 }, 0)).toBe('Minimum');
    expect(quantityRule({}, Number.NaN)).toBe('Minimum');
  });

  it('says Maximum above the maximum', () => {
    expect(quantityRule(product, 105)).toBe('Maximum');
  });

  it('checks Minimum, then Maximum, then PU', () => {
    expect(quantityRule(product, 7)).toBe('Minimum'); // below minimum and off the unit
    expect(quantityRule(product, 103)).toBe('Maximum'); // above maximum and off the unit
  });

  it('says PU for non-integer quantities within the bounds', () => {
    expect(quantityRule({}, 2.5)).toBe('PU');
    expect(quantityRule(product, 12.5)).toBe('PU');
    expect(quantityRule({}, 0.5)).toBe('Minimum');
  });

  it('defaults missing or unusable constraints (no maximum, unit 1)', () => {
    expect(quantityRule({}, 1)).toBeNull();
    expect(quantityRule({ minimum: null, maximum: null, packagingUnit: null }, 123_456)).toBeNull();
    expect(quantityRule({ packagingUnit: 0 }, 3)).toBeNull();
    expect(quantityRule({ packagingUnit: -2 }, 3)).toBeNull();
  });

  it('accepts exactly the positive integer multiples of the unit within the bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.oneof(fc.integer({ min: -20, max: 500 }), fc.double({ min: -20, max: 500, noNaN: true })),
        (minimum, span, packagingUnit, qty) => {
          const maximum = minimum + span;
          const ok = Number.isInteger(qty) && qty >= minimum && qty <= maximum && qty % packagingUnit === 0;
          expect(quantityRule({ minimum, maximum, packagingUnit }, qty) === null).toBe(ok);
        },
      ),
    );
  });
});
