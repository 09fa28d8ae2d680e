import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../i18n/index.ts';
import { PagedListPagination } from './pagination.tsx';

/** A list paged with usePaging: its section's texts, the total in the user's number format, page and size back to the paging. */
describe('PagedListPagination', () => {
  beforeAll(() => loadCatalogue('orders'));

  it('names the total in the locale, and hands a page or a size to the paging', () => {
    const paging = { setPage: vi.fn(), setSize: vi.fn() };
    render(
      <PagedListPagination
        section="orders"
        pagination={{ pageSize: 10, currentPage: 1, pageCount: 300, totalCount: 2_999 }}
        paging={paging}
        pageSizes={[10, 25] as const}
        busy={false}
        locale="en-US"
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(nav.textContent).toContain('Total: 2,999');
    expect(nav.textContent).toContain('Page 1 of 300');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(paging.setPage).toHaveBeenCalledWith(2);
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '25' } });
    expect(paging.setSize).toHaveBeenCalledWith(25);
  });
});
