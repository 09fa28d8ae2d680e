import { useLocation } from 'react-router-dom';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useT } from '../../../i18n/index.ts';
import { useChosenRetailer } from '../api/chosen-retailer.ts';

/** Navigation state set by the retailer guard when it redirects here. */
export interface RetailerRequiredState {
  retailerRequired?: boolean;
}

/**
 * /app/retailer-selection. Choosing a retailer comes with the ordering issue; this page already shows
 * the 'Please select a retailer to proceed.' prompt when the retailer guard sent the user here.
 */
export function RetailerSelectionRoute() {
  const t = useT();
  const location = useLocation();
  const [retailer] = useChosenRetailer();
  const required = (location.state as RetailerRequiredState | null)?.retailerRequired === true;
  return (
    <ComingSoon title="pages.retailerSelection">
      {required ? (
        <Alert theme="orange" className="mx-auto max-w-xl">
          {t('messages.selectRetailer')}
        </Alert>
      ) : null}
      {retailer ? (
        <Alert theme="blue" className="mx-auto max-w-xl">
          {t('retailer.current', { name: retailer.name })}
        </Alert>
      ) : null}
    </ComingSoon>
  );
}
