import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAMBDA_TARGET, type LayerManifest, type LayerTarget, SHARP_LAYER_DIR, SHARP_LAYER_MANIFEST } from '../../infra/sharp-layer.ts';

/**
 * Builds the Lambda layer that carries sharp's native binary for the API function (ADR 106): the API
 * bundle keeps `sharp` external (infra/api-bundling.ts), and the Lambda runs on linux arm64 (sst.config.ts), so
 * its `@img/sharp-linux-arm64` and `@img/sharp-libvips-linux-arm64` are installed for that target
 * (sharp's docs: `npm install --os=linux --cpu=arm64 --libc=glibc sharp`) into `nodejs/node_modules`, where
 * Lambda resolves a layer's packages (ES modules too, Node.js 18 on). The version is the one installed here,
 * the one the tests ran against. The binary is then checked by its ELF header (64-bit, the target machine) and
 * a manifest written that infra/sharp-layer.ts requires before it synthesizes the layer.
 *
 * `npm run build:sharp-layer` (part of `npm run deploy`). Needs the npm registry.
 */

/** ELF e_machine values of the two Lambda architectures. */
const ELF_MACHINE = { arm64: 0xb7, x64: 0x3e } as const;

/** The CPU an ELF shared object is built for, or null when it is no 64-bit little-endian ELF of either. */
export function elfCpu(bytes: Buffer): LayerTarget['cpu'] | null {
  const isElf64LittleEndian = bytes.length > 20 && bytes.readUInt32BE(0) === 0x7f454c46 && bytes[4] === 2 && bytes[5] === 1;
  if (!isElf64LittleEndian) return null;
  const machine = bytes.readUInt16LE(18);
  return machine === ELF_MACHINE.arm64 ? 'arm64' : machine === ELF_MACHINE.x64 ? 'x64' : null;
}

/** Checks what `node_modules` (a layer's or the repo's) holds of sharp for `target`; answers its manifest or throws. */
export function verifySharpInstall(nodeModules: string, target: LayerTarget): LayerManifest {
  const version = String((JSON.parse(readFileSync(join(nodeModules, 'sharp/package.json'), 'utf8')) as { version: unknown }).version);
  const platformPackage = `@img/sharp-${target.os}-${target.cpu}`;
  const libDir = join(nodeModules, platformPackage, 'lib');
  const declared = JSON.parse(readFileSync(join(nodeModules, platformPackage, 'package.json'), 'utf8')) as {
    os?: string[];
    cpu?: string[];
  };
  if (!declared.os?.includes(target.os) || !declared.cpu?.includes(target.cpu))
    throw new Error(`${platformPackage} declares another platform`);
  const binary = readdirSync(libDir).find((name) => name.endsWith('.node'));
  if (!binary) throw new Error(`${platformPackage} holds no native binary`);
  const cpu = elfCpu(readFileSync(join(libDir, binary)));
  if (cpu !== target.cpu) throw new Error(`${binary} is built for ${cpu ?? 'no known CPU'}, not ${target.cpu}`);
  if (!existsSync(join(nodeModules, `@img/sharp-libvips-${target.os}-${target.cpu}`, 'package.json')))
    throw new Error(`libvips for ${target.os}-${target.cpu} is missing`);
  return { package: 'sharp', version, ...target, binary: `${platformPackage}/lib/${binary}` };
}

/** The npm install of sharp `version` for `target` (sharp's cross-platform install). */
export const installArgs = (version: string, target: LayerTarget) => [
  'install',
  '--no-save',
  '--no-package-lock',
  '--omit=dev',
  `--os=${target.os}`,
  `--cpu=${target.cpu}`,
  `--libc=${target.libc}`,
  `sharp@${version}`,
];

export function buildSharpLayer(root: string, target: LayerTarget = LAMBDA_TARGET): LayerManifest {
  const version = String((JSON.parse(readFileSync(join(root, 'node_modules/sharp/package.json'), 'utf8')) as { version: unknown }).version);
  const dir = join(root, SHARP_LAYER_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'nodejs'), { recursive: true });
  writeFileSync(join(dir, 'nodejs/package.json'), JSON.stringify({ private: true }));
  execFileSync('npm', installArgs(version, target), { cwd: join(dir, 'nodejs'), stdio: 'inherit' });
  const manifest = verifySharpInstall(join(dir, 'nodejs/node_modules'), target);
  writeFileSync(join(dir, SHARP_LAYER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = buildSharpLayer(resolve(fileURLToPath(import.meta.url), '../../..'));
  console.log(`sharp ${manifest.version} for ${manifest.os}-${manifest.cpu} (${manifest.binary}) in ${SHARP_LAYER_DIR}`);
}
