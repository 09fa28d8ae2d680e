// The exports feature as the connect sections compose it (from their route files): the panel and what it takes.
export { ExportPanel, type ExportPanelProps } from './components/export-panel.tsx';
export type { ExportTarget } from './model/export-progress.ts';
