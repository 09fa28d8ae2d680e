// The report page's panels below its first view (recipients, "Run now", the run log): one chunk, loaded by
// report-route.tsx when the panels come near the viewport or the page is idle (ADR 141), with their texts' catalogue
// (`reportPanels`, ADR 154).
export { RecipientsPanel } from './recipients-panel.tsx';
export { RunLog } from './run-log.tsx';
export { RunNow } from './run-now.tsx';
