import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { JAVA_MISSING } from './dynamodb-local.ts';

describe('npm start without Java', () => {
  it('fails with one line saying how to install it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/local/start.ts'], {
      env: { ...process.env, PATH: '/nonexistent', NODE_NO_WARNINGS: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(JAVA_MISSING);
    expect(run.stdout.trim()).toBe('');
  });
});
