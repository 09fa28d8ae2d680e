import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, ensureTable, writeAllItems } from '@portal/backend/platform/db';
import { compareTables, drillItems, restoreDrill } from './restore-drill.ts';

// The restore drill (ADR 093) on a small table of the stand-in DynamoDB Local (tests/setup/stand-ins.ts).
const dir = mkdtempSync(path.join(tmpdir(), 'restore-drill-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('restore drill', () => {
  const source = `drill-${process.pid}-${Date.now()}`;
  const db = createDb({ AWS_REGION: 'eu-central-1', DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: source });

  it('exports a seeded table, restores it into a new one, and finds the same count and the same hash of every item', async () => {
    await ensureTable(db.raw, source);
    await writeAllItems(db, source, drillItems(60));
    const result = await restoreDrill(db, { source, restored: `${source}-restored`, exportFile: path.join(dir, 'export.jsonl') });
    expect(result).toMatchObject({ exported: 60, same: true, missing: [], extra: [], differing: [] });
    expect(result.restored).toEqual(result.source);
    expect(result.source.count).toBe(60);
  });

  it('names the item that is missing or changed in a restored table', async () => {
    const [first, second] = drillItems(2);
    await writeAllItems(db, `${source}-restored`, [{ ...first!, amount: { N: '999' } }]); // changed after the restore
    await writeAllItems(db, source, [{ ...second!, sk: { S: 'ITEM#only-in-source' } }]); // written after the export
    const result = await compareTables(db, source, `${source}-restored`);
    expect(result.same).toBe(false);
    expect(result.differing).toEqual([`CUSTOMER#C-0\u0000ITEM#000000`]);
    expect(result.missing).toEqual([`CUSTOMER#C-1\u0000ITEM#only-in-source`]);
    expect(result.source.count).toBe(61);
  });
});
