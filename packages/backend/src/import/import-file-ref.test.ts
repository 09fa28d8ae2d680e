import { describe, expect, it } from 'vitest';
import { continuationOf, importPlaceOf, importRefsOf, UnreadableMessage } from './import-file-ref.ts';

describe('import messages (ADR 069)', () => {
  it("reads S3's notification (keys form-encoded), its test event, and the worker's continuation", () => {
    const s3 = (eventName: string, key: string) => ({
      eventName,
      s3: { bucket: { name: 'reports' }, object: { key, eTag: 'e1', size: 12 } },
    });
    const body = JSON.stringify({
      Records: [s3('ObjectCreated:Put', 'imports/my+file%281%29/sales.csv'), s3('ObjectRemoved:Delete', 'imports/x.csv')],
    });
    expect(importRefsOf(body)).toEqual([{ bucket: 'reports', key: 'imports/my file(1)/sales.csv', eTag: 'e1', bytes: 12 }]);
    expect(importRefsOf(JSON.stringify({ Event: 's3:TestEvent' }))).toEqual([]);
    const ref = { bucket: 'reports', key: 'sftp/C-1/imports/transactions.csv', eTag: 'e2', bytes: 5 };
    expect(importRefsOf(continuationOf(ref))).toEqual([ref]);
    for (const bad of ['not json', '{}', '{"importFile":{"bucket":"b"}}']) expect(() => importRefsOf(bad)).toThrow(UnreadableMessage);
  });

  it('names the folder a key came from; a report copied to SFTP or a folder marker is no import', () => {
    expect(importPlaceOf('sftp/C-1/imports/transactions.csv')).toEqual({ owner: 'C-1', name: 'transactions.csv' });
    expect(importPlaceOf('imports/2026/sales.jsonl')).toEqual({ owner: '', name: 'sales.jsonl' });
    expect(importPlaceOf('sftp/C-1/reports/today.csv')).toBeNull();
    expect(importPlaceOf('sftp/C-1/imports/')).toBeNull();
    expect(importPlaceOf('reports/job/file.csv')).toBeNull();
  });
});
