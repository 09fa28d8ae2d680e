import type { Server } from 'node:http';
import * as sesLocal from 'aws-ses-v2-local';

type Start = (config: { host: string; port: number }) => Promise<Server>;

/**
 * Starts aws-ses-v2-local. It is CommonJS with an `exports.default`, which Node's ESM loader nests one
 * level deeper (`.default.default`) than bundlers do (`.default`): accept both.
 */
export function startSesLocal(config: { host: string; port: number }) {
  const mod = sesLocal as unknown as { default: Start | { default: Start } };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  return start(config);
}
