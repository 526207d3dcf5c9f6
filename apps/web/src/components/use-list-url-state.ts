import { useLocation, useSearchParams } from 'react-router';
import type { DataTablePagination } from './data-table';

/** Directions of a sorted list, as antd's tables and the contract's `sort_order` name them. */
export type SortOrder = 'ascend' | 'descend';
export interface ListSort<Field extends string = string> {
  field: Field;
  order: SortOrder;
}

/** Query parameters of the list's own state; a list's filters must not use these names. */
const PAGE = 'page';
const SIZE = 'size';
const SORT = 'sort';
const ORDER = 'order';

/** A filter value as it travels in the URL: absent, empty and null all mean "no filter". */
type FilterValue = string | number | undefined | null;

/** A list's filter: each of its values travels as one query parameter. */
type FilterShape<Filter> = { [Key in keyof Filter]: FilterValue };

export interface ListUrlStateOptions<Filter extends FilterShape<Filter>, Field extends string> {
  /** The filter's keys: each one is a query parameter of the same name. */
  filterKeys: ReadonlyArray<keyof Filter & string>;
  /** Reads the filter from the query (typed values, values out of range dropped); default: the keys' strings. */
  parseFilter?: (params: URLSearchParams) => Filter;
  defaultPageSize?: number;
  /** The columns the list may be sorted on: a sort in the URL naming another one is ignored. */
  sortFields?: readonly Field[];
  /** The list's order when the URL names none (undefined: the server's default order). */
  defaultSort?: ListSort<Field>;
}

const isPresent = (value: FilterValue) => value !== undefined && value !== null && value !== '';

function positiveInteger(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The state of a list — filters, sort, page and page size — kept in the URL's query, so reload,
 * the back button and a shared link show the same list. Each change pushes a history entry (back
 * steps back through what the user did); other parameters of the page (its tab) are kept. A new
 * filter, sort or page size goes back to page 1. The defaults (page 1, the default size and sort)
 * are left out of the URL.
 */
export function useListUrlState<Filter extends FilterShape<Filter>, Field extends string = string>(
  options: ListUrlStateOptions<Filter, Field>,
) {
  const { filterKeys, parseFilter, defaultPageSize = 20, sortFields, defaultSort } = options;
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();

  const filter = parseFilter
    ? parseFilter(params)
    : (Object.fromEntries(filterKeys.map((key) => [key, params.get(key) || undefined])) as Filter);
  const page = positiveInteger(params.get(PAGE)) ?? 1;
  const pageSize = positiveInteger(params.get(SIZE)) ?? defaultPageSize;
  const sortField = params.get(SORT);
  const sortOrder = params.get(ORDER);
  const isKnownSort = (field: string | null): field is Field =>
    field !== null && (!sortFields || (sortFields as readonly string[]).includes(field));
  const sort: ListSort<Field> | undefined = isKnownSort(sortField)
    ? { field: sortField, order: sortOrder === 'ascend' ? 'ascend' : 'descend' }
    : defaultSort;

  /** Writes the changed parts into a copy of the current query and pushes it. */
  const update = (change: {
    filter?: Filter;
    filterPatch?: Partial<Filter>;
    page?: number;
    pageSize?: number;
    sort?: ListSort<Field> | null;
  }) => {
    setParams(
      (current) => {
        // From the address bar as it is now when it shows this page: react-router hands this function the
        // query of the render that made the handler, which misses a change pushed since (a tab, then a
        // search; a sort, then a page, clicked before the list re-rendered). In memory (tests) the render's.
        const isBrowserAddress = typeof window !== 'undefined' && window.location.pathname === pathname;
        const next = new URLSearchParams(isBrowserAddress ? window.location.search : current);
        const write = (key: keyof Filter & string, value: FilterValue) => {
          if (isPresent(value)) next.set(key, String(value));
          else next.delete(key);
        };
        if (change.filter) for (const key of filterKeys) write(key, change.filter[key]);
        // Only the keys named: the others stay as the URL has them now, not as this render saw them
        // (a tab clicked just before a search must not be undone by the search).
        if (change.filterPatch)
          for (const key of filterKeys)
            if (key in change.filterPatch) write(key, change.filterPatch[key] as FilterValue);
        if (change.pageSize !== undefined) {
          if (change.pageSize === defaultPageSize) next.delete(SIZE);
          else next.set(SIZE, String(change.pageSize));
        }
        if (change.sort !== undefined) {
          const isDefault =
            !change.sort ||
            (defaultSort && change.sort.field === defaultSort.field && change.sort.order === defaultSort.order);
          if (isDefault || !change.sort) {
            next.delete(SORT);
            next.delete(ORDER);
          } else {
            next.set(SORT, change.sort.field);
            next.set(ORDER, change.sort.order);
          }
        }
        const nextPage = change.page ?? 1;
        if (nextPage === 1) next.delete(PAGE);
        else next.set(PAGE, String(nextPage));
        return next;
      },
      { preventScrollReset: true },
    );
  };

  /** A new page, or a new page size (which goes back to page 1). */
  const onPageChange = (nextPage: number, nextSize: number) =>
    update({ page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize });

  /** The `sort_field` and `sort_order` of the list call (none: the server's default order). */
  const sortQuery: { sort_field?: Field; sort_order?: SortOrder } =
    sort && (!defaultSort || sort !== defaultSort) ? { sort_field: sort.field, sort_order: sort.order } : {};

  return {
    filter,
    page,
    pageSize,
    sort,
    /** The `page`, `limit`, `sort_field` and `sort_order` of the list call. */
    query: { page, limit: pageSize, ...sortQuery },
    /** The sort alone, for a call that takes the list's order without its page (an export). */
    sortQuery,
    setFilter: (next: Filter) => update({ filter: next }),
    /** Changes the filters `patch` names (undefined clears one) and keeps the others as the URL has them. */
    patchFilter: (patch: Partial<Filter>) => update({ filterPatch: patch }),
    /** Takes the sort a table reports (any column's field): one outside `sortFields` goes back to the default order. */
    setSort: (next: ListSort | null) =>
      update({ sort: next && isKnownSort(next.field) ? { field: next.field, order: next.order } : null }),
    onPageChange,
    /** The list's pager for DataTable, given the call's total and how to say it. */
    pagination: (total: number, showTotal?: (total: number) => string): DataTablePagination => ({
      page,
      pageSize,
      total,
      showTotal,
      onChange: onPageChange,
    }),
    /** Whether any filter is set (for "no match" against "nothing yet"). */
    hasFilter: filterKeys.some((key) => isPresent(filter[key])),
  };
}
