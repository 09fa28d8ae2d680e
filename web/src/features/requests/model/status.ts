import type { RequestStatus } from '@portal/core/workflow';
import type { AlertTheme } from '../../../components/ui/alert.tsx';

/** How each request status shows as a badge. */
export const STATUS_THEME: Record<RequestStatus, AlertTheme> = {
  draft: 'gray',
  pending: 'yellow',
  rejected: 'red',
  approved: 'green',
  archived: 'gray',
};
