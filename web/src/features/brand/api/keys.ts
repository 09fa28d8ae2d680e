import { KeyScope } from '../../../lib/query-keys.ts';

/** The brand's SWR key: public and session-independent, so it survives logout. */
export const brandKeys = {
  brand: [KeyScope.public, 'brand'] as const,
};
