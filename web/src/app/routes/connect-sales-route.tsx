import { ConnectSalesScreen } from '../../features/connect-sales/components/connect-sales-screen.tsx';

/**
 * /connect/sales (issue 14 item 8): the connect-sales feature's screen. The export panel of the exports
 * feature is composed here (features do not import each other) once it lands.
 */
export function ConnectSalesRoute() {
  return <ConnectSalesScreen />;
}
