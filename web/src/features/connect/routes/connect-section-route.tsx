import { ComingSoon } from '../../../components/coming-soon.tsx';
import { paths } from '../../../lib/paths.ts';
import type { ConnectSection } from '../sections.ts';

/** A connect section that a later issue fills: an honest "not available yet" page. */
export function ConnectSectionRoute({ section }: { section: ConnectSection }) {
  return <ComingSoon title={section.label} backTo={paths.connect.root} backLabel="comingSoon.backToConnect" />;
}
