import type { Db } from '@portal/backend/platform/db';
import { transactWrite } from '@portal/backend/platform/db';
import { newContactWrites, putSchedule } from '@portal/backend/report/testing';

/**
 * A general report with a monthly schedule at 00:00 on the 1st in `timeZone`, sent by e-mail to confirmed
 * external contacts (the month-end rush simulation, ADR 094), written straight to the table.
 */
export async function putMonthlyReportWithContacts(
  db: Db,
  report: { processId: string; customerId: string; timeZone: string; emails: readonly string[]; at: Date },
): Promise<void> {
  const at = report.at.toISOString();
  await putSchedule(db, {
    processId: report.processId,
    enabled: true,
    periodType: 'monthly',
    reportingDays: [],
    endOfMonth: false,
    sendTime: '00:00',
    timeZone: report.timeZone,
    sendByEmail: true,
    copyByFtp: false,
    skipIfEmpty: false,
    customerId: report.customerId,
    updatedAt: at,
  });
  for (const [k, email] of report.emails.entries()) {
    const contactId = `${report.processId.replace(/[^A-Za-z0-9]/g, '')}x${k}`;
    const contact = {
      contactId,
      firstname: 'Report',
      surname: `Contact ${k}`,
      email,
      emailKey: email.toLowerCase(),
      displayname: `Report Contact ${k}`,
      active: true,
      isEmailActive: true,
      childProcessId: null,
      createdAt: at,
      confirmation: 'confirmed' as const,
    };
    await transactWrite(
      db,
      newContactWrites(db, report.processId, report.customerId, contact, {
        referenceId: `c.${contactId}`,
        addedAt: at,
        unsubscribedAt: null,
      }),
    );
  }
}
