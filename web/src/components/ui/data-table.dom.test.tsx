import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable } from './data-table.tsx';

type Row = { id: string; n: number };
const column = (key: string, extra: Partial<Column<Row>> = {}): Column<Row> => ({
  key,
  header: key,
  cell: (r) => `${key}-${r.id}`,
  ...extra,
});
const rows: Row[] = [
  { id: 'a', n: 1 },
  { id: 'b', n: 2 },
];

/** ADR 092: more than three columns become cards on a phone, by styles on the same table (one DOM, one set of data). */
describe('DataTable', () => {
  it('gives a wide table phone-card styles and every cell its column name as data-label, keeping the table roles', () => {
    render(
      <DataTable
        caption="Requests"
        columns={[column('ID'), column('Workflow'), column('Status'), column('At', { header: <span>At ↓</span>, label: 'At' })]}
        rows={rows}
        rowKey={(r) => r.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Requests' });
    expect(table.className).toContain('max-sm:block');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Workflow', 'Status', 'At ↓']);
    const [first] = within(table).getAllByRole('row').slice(1);
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['ID', 'Workflow', 'Status', 'At']);
    expect(cells[0]!.className).toContain('max-sm:before:content-[attr(data-label)]');
    // The region scrolls sideways from 640 px only; below it the cards need no scrolling.
    expect(screen.getByRole('region', { name: 'Requests' }).className).toBe('sm:overflow-x-auto');
  });

  it('leaves a table of three columns a table that scrolls in its card', () => {
    render(<DataTable caption="Sales" columns={[column('Day'), column('Quantity'), column('Amount')]} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Sales' });
    expect(table.className).not.toContain('max-sm:block');
    expect(within(table).getAllByRole('cell')[0]!.hasAttribute('data-label')).toBe(false);
    expect(screen.getByRole('region', { name: 'Sales' }).className).toBe('overflow-x-auto');
  });
});
