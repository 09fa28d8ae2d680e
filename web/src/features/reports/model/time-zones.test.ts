import { describe, expect, it } from 'vitest';
import { filterOptions } from '../../../components/ui/combobox-field.tsx';
import { zonesOwnFirst } from './time-zones.ts';

const listed = ['Africa/Abidjan', 'America/New_York', 'Europe/Berlin', 'Europe/Lisbon', 'UTC'];

describe('the report time-zone picker', () => {
  it("offers the user's own zone first, then the others as listed", () => {
    expect(zonesOwnFirst(listed, 'Europe/Lisbon', 'UTC')).toEqual([
      'Europe/Lisbon',
      'Africa/Abidjan',
      'America/New_York',
      'Europe/Berlin',
      'UTC',
    ]);
  });

  it('keeps a saved zone master data no longer lists, and ignores an own zone it does not list', () => {
    expect(zonesOwnFirst(listed, 'Mars/Olympus', 'Asia/Old')).toEqual(['Asia/Old', ...listed]);
    expect(zonesOwnFirst(listed, undefined, 'UTC')).toEqual(listed);
  });

  it('finds zones by any part typed, "_" and "/" read as spaces', () => {
    const options = listed.map((zone) => ({ value: zone, label: zone }));
    expect(filterOptions(options, 'new york').map((o) => o.value)).toEqual(['America/New_York']);
    expect(filterOptions(options, 'EUROPE').map((o) => o.value)).toEqual(['Europe/Berlin', 'Europe/Lisbon']);
    expect(filterOptions(options, 'europe lis').map((o) => o.value)).toEqual(['Europe/Lisbon']);
    expect(filterOptions(options, '  ')).toHaveLength(listed.length);
  });
});
