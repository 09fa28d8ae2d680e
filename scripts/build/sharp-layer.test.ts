import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAMBDA_TARGET } from '../../infra/sharp-layer.ts';
import { elfCpu, installArgs, verifySharpInstall } from './sharp-layer.ts';

/** The sharp layer's build (ADR 106): its install command for the Lambda's target and its checks. */
const nodeModules = join(import.meta.dirname, '../../node_modules');
const hostCpu = process.arch === 'arm64' ? 'arm64' : 'x64';

describe('the sharp layer', () => {
  it('installs sharp for linux arm64 (glibc), the version the tests run against', () => {
    const version = (JSON.parse(readFileSync(join(nodeModules, 'sharp/package.json'), 'utf8')) as { version: string }).version;
    expect(LAMBDA_TARGET).toEqual({ os: 'linux', cpu: 'arm64', libc: 'glibc' });
    expect(installArgs(version, LAMBDA_TARGET)).toEqual(
      expect.arrayContaining(['--os=linux', '--cpu=arm64', '--libc=glibc', `sharp@${version}`]),
    );
  });

  it('tells a binary’s CPU by its ELF header, and refuses an install for another CPU', () => {
    const lib = join(nodeModules, `@img/sharp-linux-${hostCpu}/lib`);
    const binary = readFileSync(join(lib, readdirSync(lib).find((n) => n.endsWith('.node')) ?? ''));
    expect(elfCpu(binary)).toBe(hostCpu);
    const arm = Buffer.from(binary);
    arm.writeUInt16LE(0xb7, 18);
    expect(elfCpu(arm)).toBe('arm64');
    expect(elfCpu(Buffer.from('#!/bin/sh\necho not a binary\n'))).toBeNull();
    // The repo's own install passes for the host and fails for the other CPU (its platform package is absent).
    expect(verifySharpInstall(nodeModules, { os: 'linux', cpu: hostCpu, libc: 'glibc' }).cpu).toBe(hostCpu);
    expect(() => verifySharpInstall(nodeModules, { os: 'linux', cpu: hostCpu === 'x64' ? 'arm64' : 'x64', libc: 'glibc' })).toThrow();
  });
});
