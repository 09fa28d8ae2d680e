import { useState } from 'react';

/**
 * A paged list's page and page size: the page starts over at 1 whenever `key` (what the list is filtered
 * by) changes, the size stays as chosen; a new size starts at page 1.
 */
export function usePaging(key: string, initialSize: number) {
  const [paging, setPaging] = useState({ key, page: 1, size: initialSize });
  return {
    page: paging.key === key ? paging.page : 1,
    size: paging.size,
    setPage: (page: number) => setPaging({ key, page, size: paging.size }),
    setSize: (size: number) => setPaging({ key, page: 1, size }),
  };
}
