import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judge } from './npm-audit.ts';
import { loadAllowlist, looksRandom, scanRepository, scanText } from './secret-scan.ts';

const repo = resolve(import.meta.dirname, '../..');

describe('secret scan (ADR 022)', () => {
  // Built from pieces, so this file itself holds no secret-looking literal.
  const awsKeyId = ['AKIA', 'Q3EGRT5XJ7K2LM4N'].join('');
  const randomSecret = ['wJalrXUtnFEMI', 'K7MDENGbPxRfiCY9Qz3k'].join('/');

  it('finds keys, private key blocks and random literals assigned to secret names', () => {
    const text = [
      `const id = '${awsKeyId}';`,
      `-----BEGIN ${'RSA PRIVATE'} KEY-----`,
      `clientSecret: '${randomSecret}',`,
      `AWS_SECRET_ACCESS_KEY=${randomSecret.replace('/', '').padEnd(40, 'x')}`,
      `token = "${['gh', 'p_'].join('')}${'a1B2c3D4e5'.repeat(4)}"`,
    ].join('\n');
    expect(scanText('leak.ts', text).map((f) => [f.line, f.rule])).toEqual([
      [1, 'aws-access-key-id'],
      [2, 'private-key'],
      [3, 'secret-assignment'],
      [4, 'aws-secret-access-key'],
      [5, 'github-token'],
      [5, 'secret-assignment'],
    ]);
  });

  it('leaves readable demo passwords, constants, interpolations and env lookups alone', () => {
    for (const value of [
      'Retail-Demo-2026!',
      'local-only-oidc-secret',
      'LOGIN.FORM.ERROR.WRONG_PASSWORD',
      'Guess-${i}-2026!',
      'process.env.SECRET_VALUE',
    ])
      expect(looksRandom(value), value).toBe(false);
    expect(looksRandom(randomSecret)).toBe(true);
  });

  it('finds nothing unexplained in the committed files', () => {
    const result = scanRepository(repo, loadAllowlist(repo));
    expect(result.files).toBeGreaterThan(100);
    expect(result.unexplained).toEqual([]);
  });
});

describe('npm audit gate (ADR 022)', () => {
  const report = {
    vulnerabilities: {
      lib: {
        via: [
          {
            source: 1,
            name: 'lib',
            severity: 'high',
            title: 'Prototype pollution',
            url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
          },
          { source: 2, name: 'lib', severity: 'moderate', title: 'ReDoS', url: 'https://github.com/advisories/GHSA-dddd-eeee-ffff' },
        ],
      },
      app: { via: ['lib'] },
    },
  };

  it('fails on an unlisted high advisory and ignores moderate ones', () => {
    const result = judge(report, [], '2026-11-24');
    expect(result.unexplained.map((a) => a.advisory)).toEqual(['GHSA-aaaa-bbbb-cccc']);
  });

  it('passes a listed advisory until its review date', () => {
    const entry = {
      advisory: 'GHSA-aaaa-bbbb-cccc',
      package: 'lib',
      why: 'server never parses untrusted input with it',
      reviewBy: '2026-12-31',
    };
    expect(judge(report, [entry], '2026-11-24')).toMatchObject({ unexplained: [], overdue: [] });
    expect(judge(report, [entry], '2027-01-01').overdue).toEqual([entry]);
    expect(judge({ vulnerabilities: {} }, [entry], '2026-11-24').unused).toEqual([entry]);
  });
});
