import { describe, expect, it } from 'vitest';
import { ChangePasswordFormSchema, ForgotPasswordFormSchema, LoginFormSchema, passwordRules, passwordsMatch } from './forms.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('passwordRules', () => {
  const rulesOf = (password: string) => passwordRules(password).map((r) => r.rule);

  it('accepts a password meeting every rule', () => {
    expect(passwordRules('Abcdefghij1!')).toEqual([]);
  });

  it('reports each missing class on its own', () => {
    expect(rulesOf('Abcdefghijk1')).toEqual(['special']);
    expect(rulesOf('abcdefghij1!')).toEqual(['uppercase']);
    expect(rulesOf('ABCDEFGHIJ1!')).toEqual(['lowercase']);
    expect(rulesOf('Abcdefghijk!')).toEqual(['digit']);
  });

  it('needs 12 characters: 11 fail, 12 pass', () => {
    expect(rulesOf('Abcdefghi1!')).toEqual(['minLength']);
    expect(rulesOf('Abcdefghij1!')).toEqual([]);
  });

  it('counts characters, not UTF-16 units, and treats an emoji as special', () => {
    expect(rulesOf('Abcdefghi1😀')).toEqual(['minLength']);
    expect(rulesOf('Abcdefghij1😀')).toEqual([]);
  });

  it('does not count a space as the special character', () => {
    expect(rulesOf('Abcdefghij 1')).toEqual(['special']);
  });

  it('reports everything for an empty password, with messages', () => {
    const unmet = passwordRules('');
    expect(unmet.map((r) => r.rule)).toEqual(['minLength', 'lowercase', 'uppercase', 'digit', 'special']);
    expect(unmet.every((r) => r.message.length > 0)).toBe(true);
  });
});

describe('passwordsMatch', () => {
  it('is exact', () => {
    expect(passwordsMatch('Secret-123456', 'Secret-123456')).toBe(true);
    expect(passwordsMatch('Secret-123456', 'secret-123456')).toBe(false);
    expect(passwordsMatch('Secret-123456', 'Secret-123456 ')).toBe(false);
  });
});

describe('LoginFormSchema', () => {
  it('accepts a username and password without a secret code', () => {
    expect(LoginFormSchema.safeParse({ username: 'anna', password: 'x' }).success).toBe(true);
    expect(LoginFormSchema.safeParse({ username: 'anna', password: 'x', secretCode: '' }).success).toBe(true);
  });

  it('treats whitespace-only username and password as missing', () => {
    expect(issuesOf(LoginFormSchema.safeParse({ username: '  ', password: '\t', secretCode: '' }))).toEqual([
      ['username', 'Value is required'],
      ['password', 'Value is required'],
    ]);
  });

  it('keeps the password as typed (no trimming)', () => {
    expect(LoginFormSchema.parse({ username: 'anna', password: ' pw ' }).password).toBe(' pw ');
  });

  it('requires a digits-only secret code', () => {
    expect(issuesOf(LoginFormSchema.safeParse({ username: 'a', password: 'b', secretCode: '12 34' }))).toEqual([
      ['secretCode', 'Value must be numeric'],
    ]);
    expect(LoginFormSchema.safeParse({ username: 'a', password: 'b', secretCode: '123456' }).success).toBe(true);
  });
});

describe('ForgotPasswordFormSchema', () => {
  it('needs an e-mail address or a username', () => {
    expect(issuesOf(ForgotPasswordFormSchema.safeParse({ username: ' ' }))).toEqual([['username', 'Value is required']]);
    expect(ForgotPasswordFormSchema.safeParse({ username: 'anna' }).success).toBe(true);
    expect(ForgotPasswordFormSchema.safeParse({ username: 'anna@example.com' }).success).toBe(true);
  });
});

describe('ChangePasswordFormSchema', () => {
  it('accepts a strong, confirmed new password', () => {
    const value = {
      currentPassword: 'old',
      newPassword: 'N3w-Password!',
      newPasswordVerify: 'N3w-Password!',
    };
    expect(ChangePasswordFormSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    [
      'a mismatch on the verification field',
      { currentPassword: 'old', newPassword: 'N3w-Password!', newPasswordVerify: 'N3w-Password?' },
      [['newPasswordVerify', 'The passwords do not match.']],
    ],
    [
      'the unmet password rules and the mismatch together',
      { currentPassword: 'old', newPassword: 'short1!', newPasswordVerify: 'other' },
      [
        ['newPassword', 'The password must be at least 12 characters long'],
        ['newPassword', 'The password needs at least one uppercase letter'],
        ['newPasswordVerify', 'The passwords do not match.'],
      ],
    ],
    [
      'all three fields as required, whitespace counting as empty',
      { currentPassword: ' ', newPassword: '  ', newPasswordVerify: '' },
      [
        ['currentPassword', 'Value is required'],
        ['newPassword', 'Value is required'],
        ['newPasswordVerify', 'Value is required'],
      ],
    ],
  ])('reports %s', (_name, value, issues) => {
    expect(issuesOf(ChangePasswordFormSchema.safeParse(value))).toEqual(issues);
  });
});
