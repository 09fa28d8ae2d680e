/**
 * `npx tsx scripts/bench/cpuprofile-top.ts <file.cpuprofile> [N]`: the N (default 30) functions with the
 * most self time, and the most inclusive time (self + callees, each function counted once per stack), of a
 * V8 CPU profile as `node --cpu-prof` writes it. For finding where a benchmark's time goes.
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, n = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuprofile-top.ts <file.cpuprofile> [N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const label = (node: Node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/(node_modules|work\/main)\//, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const leaf = byId.get(id)!;
  self.set(label(leaf), (self.get(label(leaf)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
  }
});

const show = (title: string, table: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of [...table].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
};
show('self time', self);
show('inclusive time', inclusive);
