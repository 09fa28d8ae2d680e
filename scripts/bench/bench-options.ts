import { parseArgs } from 'node:util';

type Options<D> = { [K in keyof D]: D[K] extends number ? number : string };

/**
 * A bench's command-line options (`--name value`), each with its default: a number default makes a
 * numeric option (a value that is no number fails), a string default a text option. Unknown options fail.
 */
export function benchOptions<const D extends Record<string, string | number>>(defaults: D): Options<D> {
  const options: Record<string, { type: 'string'; default: string }> = {};
  for (const [name, value] of Object.entries(defaults)) options[name] = { type: 'string', default: String(value) };
  const { values } = parseArgs({ options });
  const parsed: Record<string, string | number> = {};
  for (const [name, fallback] of Object.entries(defaults)) {
    const raw = String(values[name]);
    if (typeof fallback === 'string') parsed[name] = raw;
    else if (Number.isFinite(Number(raw))) parsed[name] = Number(raw);
    else throw new Error(`--${name}: a number, not '${raw}'`);
  }
  return parsed as Options<D>;
}
