/**
 * `npm run cost`: the monthly cost of each stage (docs/operations/cost.md). Synthesizes the dev and prod
 * stages offline as `sst deploy` would (tests/infra/synth.ts) and prices them under the three usage
 * profiles: the demo on dev, 50 and 10,000 customers on prod.
 */
import { synth } from '../../tests/infra/synth.ts';
import { formatStageCost, PRICES_AS_OF, PROFILES, stageCost, type Templates } from './cost-model.ts';

const templatesOf = async (stage: string, env: Record<string, string> = {}): Promise<Templates> =>
  Object.fromEntries(Object.entries(await synth(stage, { env })).map(([name, template]) => [name, template.toJSON() as Templates[string]]));

const dev = await templatesOf('dev');
const prod = await templatesOf('prod', { MAIL_DOMAIN: 'mail.portal.example.com' });
console.log(`AWS list prices eu-central-1 as of ${PRICES_AS_OF} (written down, not fetched: see docs/operations/cost.md)\n`);
for (const [stage, templates, profile] of [
  ['dev', dev, PROFILES[0]],
  ['prod', prod, PROFILES[1]],
  ['prod', prod, PROFILES[2]],
] as const) {
  if (profile) console.log(`${formatStageCost(stageCost(stage, templates, profile))}\n`);
}
