import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';

/**
 * sharp's native binary for the API function (ADR 106): a layer built by `npm run build:sharp-layer`
 * (scripts/build/sharp-layer.ts) into SHARP_LAYER_DIR, checked there (the platform package and the binary's ELF
 * machine) and described by its manifest. The synthesis refuses to go on without a manifest for the function's
 * architecture, so a deploy never ships an API that cannot re-encode a logo.
 */
export type LayerTarget = { os: 'linux'; cpu: 'arm64' | 'x64'; libc: 'glibc' };
export type LayerManifest = LayerTarget & { package: 'sharp'; version: string; binary: string };

/** Relative to the working directory, as SST resolves function handlers (the repo root on deploy). */
export const SHARP_LAYER_DIR = '.build/sharp-layer';
export const SHARP_LAYER_MANIFEST = 'nodejs/sharp-layer.json';
/** The Lambda functions' architecture (sst.config.ts: arm_64). */
export const LAMBDA_TARGET: LayerTarget = { os: 'linux', cpu: 'arm64', libc: 'glibc' };

export function sharpLayer(stack: Stack, target: LayerTarget = LAMBDA_TARGET): LayerVersion {
  const dir = resolve(SHARP_LAYER_DIR);
  const manifestPath = resolve(dir, SHARP_LAYER_MANIFEST);
  if (!existsSync(manifestPath))
    throw new Error(`The sharp layer is not built: run \`npm run build:sharp-layer\` first (${manifestPath}).`);
  const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const field = (name: keyof LayerManifest) =>
    typeof manifest === 'object' && manifest !== null && name in manifest ? String(Reflect.get(manifest, name)) : '?';
  if (field('os') !== target.os || field('cpu') !== target.cpu || field('libc') !== target.libc)
    throw new Error(`The sharp layer is built for ${field('os')}-${field('cpu')}, the functions run on ${target.os}-${target.cpu}.`);
  return new LayerVersion(stack, 'SharpLayer', {
    code: Code.fromAsset(dir),
    compatibleArchitectures: [target.cpu === 'arm64' ? Architecture.ARM_64 : Architecture.X86_64],
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    description: `sharp ${field('version')} for ${target.os}-${target.cpu} (${field('binary')})`,
  });
}
