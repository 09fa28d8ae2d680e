import type { Report, ReportErrorCode, ReportSchedule } from '@portal/core/report';
import { type ReactNode, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FullPageSpinner, PageHeader } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { DocumentIcon } from '../../../components/ui/icons.tsx';
import { NearView } from '../../../components/ui/near-view.tsx';
import { loadCatalogue, useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { deleteCustomReport, saveSchedule, updateCustomReport, useReport, useSchedule } from '../api/report-calls.ts';
import { useMasterData } from '../api/reports.ts';
import { DefinitionForm, GeneralDefinition } from '../components/definition-form.tsx';
import { useReportName } from '../components/report-name.ts';
import { ScheduleForm } from '../components/schedule-form.tsx';
import { useDraftForm } from '../components/use-draft-form.ts';
import { useRowAction } from '../components/use-row-action.ts';
import { draftOf, draftProblems, type ReportDraft, reportInput } from '../model/report-draft.ts';
import { scheduleDraftOf, type ScheduleDraft, scheduleProblems } from '../model/schedule-draft.ts';
import { ReportQuery } from '../components/report-query.tsx';
import { BackLink, listPath, SaveOutcome, Section } from '../components/report-card.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

/** What the section's permissions allow (ADR 031 reportManagement: reports, schedule, recipients). */
export interface ReportPermissions {
  edit: boolean;
  schedule: boolean;
  recipients: boolean;
}

// Below the definition and the schedule (the first view): loaded near the viewport or once the page is idle, with
// the spinner each panel shows while its data loads in its place meanwhile (ADR 141). Their texts are a catalogue of
// their own that loads with them; the page's catalogue keeps only the panels' titles and descriptions (ADR 154).
const lowerPanels = () => Promise.all([import('../components/lower-panels.ts'), loadCatalogue('reportPanels')]).then(([panels]) => panels);
const RecipientsPanel = lazyPart(lowerPanels, 'RecipientsPanel');
const RunNow = lazyPart(lowerPanels, 'RunNow');
const RunLog = lazyPart(lowerPanels, 'RunLog');

/** A lower panel's body: its spinner until it is near the viewport (or the page idle) and its code is there. */
function Lower({ children }: { children: ReactNode }) {
  const t = useT();
  const spinner = <FullPageSpinner label={t('reports.loading')} />;
  return (
    <NearView placeholder={spinner}>
      <Suspense fallback={spinner}>{children}</Suspense>
    </NearView>
  );
}

/**
 * The one report error code the page's first view tells apart. Spelled here, checked against core's catalogue
 * by the type: importing `REPORT` would load core's whole report error catalogue as a file of its own on the
 * page (ADR 144); the lower panels, which read more of it, load it with them.
 */
const NOT_FOUND = 'REPORT.NOT_FOUND' satisfies ReportErrorCode;

/** /connect/reports/:processId: a report's definition, schedule, recipients, "Run now" and run log. */
export function ReportRoute({ may }: { may: ReportPermissions }) {
  const t = useT();
  const { processId = '' } = useParams();
  const report = useReport(processId);
  // Another customer's report answers like none (ADR 015): say so, with the way back.
  if (report.error instanceof ApiError && report.error.code === NOT_FOUND) {
    return (
      <div>
        <BackLink to={paths.connect.reports} />
        <EmptyState
          heading="h1"
          icon={<DocumentIcon className="size-6" />}
          title={t('reportPage.detail.notFound')}
          text={t('reportPage.detail.notFoundText')}
        />
      </div>
    );
  }
  return (
    <ReportQuery result={report} failedMessage={t('reportPage.detail.loadFailed')}>
      {(data) => <ReportDetail key={data.processId} report={data} may={may} />}
    </ReportQuery>
  );
}

function ReportDetail({ report, may }: { report: Report; may: ReportPermissions }) {
  const t = useT();
  const custom = report.kind === 'custom';
  const name = useReportName();
  const [deleting, setDeleting] = useState(false);
  const [runs, setRuns] = useState(0);
  return (
    <div>
      <BackLink to={listPath(report.customerId, report.kind)} />
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            {name(report)}
            <Badge theme={custom ? 'purple' : 'blue'}>{t(`reports.kind.${report.kind}`)}</Badge>
          </span>
        }
        description={t(`reports.types.${report.reportType}`)}
        actions={
          custom && may.edit ? (
            <Button theme="secondary" onClick={() => setDeleting(true)}>
              {t('reportPage.delete.action')}
            </Button>
          ) : null
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Section title={t('reportPage.definition.title')} {...(custom ? {} : { description: t('reportPage.definition.generalReadOnly') })}>
          {custom && may.edit ? <CustomDefinition report={report} /> : <GeneralDefinition report={report} />}
        </Section>
        <Section title={t('reportPage.schedule.title')}>
          <ScheduleSection processId={report.processId} readOnly={!may.schedule} />
        </Section>
        <Section title={t('reportPage.recipients.title')} description={t('reportPage.recipients.description')}>
          <Lower>
            <RecipientsPanel processId={report.processId} mayChange={may.recipients} />
          </Lower>
        </Section>
        <Section title={t('reportPage.run.title')} description={t('reportPage.run.description')}>
          {may.edit ? (
            <Lower>
              <RunNow processId={report.processId} onStarted={() => setRuns(runs + 1)} />
            </Lower>
          ) : (
            <p className="text-sm text-slate-600">{t('reportPage.run.notAllowed')}</p>
          )}
        </Section>
      </div>
      <div className="mt-6">
        <Section title={t('reportPage.log.title')} description={t('reportPage.log.description')}>
          <Lower>
            <RunLog key={runs} processId={report.processId} mayResend={may.recipients} mayCancel={may.edit} />
          </Lower>
        </Section>
      </div>
      {custom ? <DeleteDialog open={deleting} report={report} onClose={() => setDeleting(false)} /> : null}
    </div>
  );
}

function CustomDefinition({ report }: { report: Report }) {
  const t = useT();
  const types = useMasterData().data?.transactionTypes;
  const { fields, failure, saved } = useDraftForm<ReportDraft>({
    initial: () => draftOf(report),
    problemsOf: (d) => draftProblems(d, report.customerId),
    save: async (d) => {
      const { customerId: _customer, ...input } = reportInput(d, report.customerId);
      await updateCustomReport(report.processId, input);
    },
  });
  return (
    <>
      <SaveOutcome failure={failure} />
      <DefinitionForm
        {...fields}
        types={types}
        submitLabel={t('reportPage.definition.save')}
        footer={
          saved ? (
            <p role="status" className="text-sm text-green-700">
              {t('reportPage.saved')}
            </p>
          ) : null
        }
      />
    </>
  );
}

function ScheduleSection({ processId, readOnly }: { processId: string; readOnly: boolean }) {
  const t = useT();
  const schedule = useSchedule(processId);
  return (
    <ReportQuery result={schedule} failedMessage={t('reportPage.schedule.loadFailed')}>
      {(data) => <ScheduleEditor key={data.processId} schedule={data} readOnly={readOnly} />}
    </ReportQuery>
  );
}

function ScheduleEditor({ schedule, readOnly }: { schedule: ReportSchedule; readOnly: boolean }) {
  const t = useT();
  const timeZones = useMasterData().data?.timezones ?? [];
  const { draft, fields, failure, saved } = useDraftForm<ScheduleDraft>({
    initial: () => scheduleDraftOf(schedule),
    problemsOf: scheduleProblems,
    save: async (d) => {
      await saveSchedule(schedule.processId, d);
    },
  });
  return (
    <>
      <SaveOutcome
        failure={failure}
        saved={saved ? t(draft.enabled ? 'reportPage.schedule.savedOn' : 'reportPage.schedule.savedOff') : null}
      />
      <ScheduleForm {...fields} timeZones={timeZones} readOnly={readOnly} />
    </>
  );
}

function DeleteDialog({ open, report, onClose }: { open: boolean; report: Report; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const {
    busy,
    failure,
    run: remove,
  } = useRowAction(
    () => deleteCustomReport(report.processId),
    () => navigate(listPath(report.customerId, 'custom'), { replace: true }),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('reportPage.delete.title')}
      closeLabel={t('reportPage.close')}
      actions={
        <>
          <Button theme="text" onClick={onClose}>
            {t('reportPage.cancel')}
          </Button>
          <Button loading={busy} onClick={remove}>
            {t('reportPage.delete.confirm')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{t('reportPage.delete.text', { name: report.name })}</p>
      {failure ? (
        <Alert theme="red" role="alert" className="mt-3">
          {failure}
        </Alert>
      ) : null}
    </Dialog>
  );
}
