import { errorKey, recordFailure } from './machine-helpers'

/**
 * Pieces every list read page by page shares (news, the inbox): loading → shown (list | empty) |
 * failed, a pull or a retry reloads the first page, reaching the end asks for the next one. Each
 * machine keeps its own `setup()` (events, context, the `fetchPage` actor, its guards and its own
 * calls); the states, the merge and the assignments of `replace`, `append` and `recordError` live
 * here.
 */

/** What every paged list keeps, whatever else its page tells. */
export interface PagedList<TItem> {
  items: TItem[]
  /** The last page loaded. */
  page: number
  /** The `msg` of the last failed load, if any (the list stays as it was). */
  failure: string | null
}

/** The fields the first page sets: it replaces the list and clears an old failure. */
const firstPageFields = <TItem>(list: TItem[]): PagedList<TItem> => ({
  items: list,
  page: 1,
  failure: null,
})

/** The fields the next page sets, under the items already shown. */
const nextPageFields = <TItem extends { id: string }>(
  shown: PagedList<TItem>,
  list: TItem[],
): PagedList<TItem> => {
  // An item added meanwhile shifts the pages down: skip what is already shown.
  const known = new Set(shown.items.map((item) => item.id))
  return {
    items: [...shown.items, ...list.filter((item) => !known.has(item.id))],
    page: shown.page + 1,
    failure: null,
  }
}

/**
 * What `replace`, `append` and `recordError` assign, each for `assign()` in the machine's setup;
 * `besides` is what a page says beside its list (a total, an unread count), set by both.
 *
 * @example
 * const page = pageAssignments<NewsListContext, NewsPage>((p) => ({ total: p.total }))
 * setup({ actions: { replace: assign(page.replace), append: assign(page.append), … } })
 */
export function pageAssignments<
  TContext extends PagedList<{ id: string }>,
  TPage extends { list: TContext['items'] },
>(besides: (page: TPage) => Partial<TContext>) {
  // The list fields are PagedList's, of TContext's own items (TPage's constraint): TContext's.
  type Fields = Partial<TContext>
  return {
    replace: (_: unknown, page: TPage) =>
      ({ ...firstPageFields(page.list), ...besides(page) }) as Fields,
    append: ({ context }: { context: TContext }, page: TPage) =>
      ({ ...nextPageFields(context, page.list), ...besides(page) }) as Fields,
    recordError: (_: unknown, params: { error: unknown }) =>
      ({ failure: errorKey(params.error) }) as Fields,
  }
}

/** Guard: something to list (else the empty state). */
export const hasItems = ({ context }: { context: { items: readonly unknown[] } }) =>
  context.items.length > 0

type PageInput<TContext, TInput> = (args: { context: TContext }) => TInput

/** A page that came back, as the params of `replace` or `append`. */
const pageOf = <TPage>({ event }: { event: { output: TPage } }) => event.output

/** The `fetchPage` invoke: its answer goes to `action`, a refusal to `recordError`. */
const fetchPage = <TContext, TInput, TAction extends 'replace' | 'append'>(
  input: PageInput<TContext, TInput>,
  action: TAction,
  target: string,
  failedTarget: string,
) =>
  ({
    src: 'fetchPage',
    input,
    onDone: { target, actions: { type: action, params: pageOf } },
    onError: { target: failedTarget, actions: recordFailure },
  }) as const

/**
 * The states of a paged list, for `createMachine({ states })`. The machine's `setup()` must give
 * the `fetchPage` actor, the `replace`, `append` and `recordError` actions and the `hasItems` and
 * `hasMore` guards. `staleOn` names an event after which whatever is shown may be out of date (a
 * message arriving live): every state reloads the first page on it, and a load on its way starts
 * over, as its answer may not hold the news.
 */
export const pagedListStates = <TContext, TInput, TStale extends string = never>(options: {
  firstPage: PageInput<TContext, TInput>
  nextPage: PageInput<TContext, TInput>
  staleOn?: TStale
}) => {
  const { firstPage, nextPage, staleOn } = options
  const reloadOn = <T>(target: T): Partial<Record<TStale, T>> =>
    staleOn ? ({ [staleOn]: target } as Record<TStale, T>) : {}
  const restartOn = (state: string) => reloadOn({ target: state, reenter: true } as const)
  return {
    loading: {
      tags: ['loading'],
      on: restartOn('loading'),
      invoke: fetchPage(firstPage, 'replace', 'shown', 'failed'),
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: 'loading', REFRESH: 'loading', ...reloadOn('loading') },
    },
    shown: {
      initial: 'settling',
      states: {
        settling: {
          always: [{ guard: 'hasItems', target: 'list' }, { target: 'empty' }],
        },
        empty: {
          tags: ['empty'],
          on: { REFRESH: 'refreshing', ...reloadOn('refreshing') },
        },
        list: {
          on: {
            REFRESH: 'refreshing',
            ...reloadOn('refreshing'),
            LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          on: restartOn('refreshing'),
          // A failed pull keeps the list: back to it, with the failure to show.
          invoke: fetchPage(firstPage, 'replace', 'settling', 'settling'),
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: fetchPage(nextPage, 'append', 'list', 'list'),
        },
      },
    },
  } as const
}
