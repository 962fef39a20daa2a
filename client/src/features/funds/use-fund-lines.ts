import { FUND_LINES_PER_PAGE, type FundLine } from '@kabu/shared/api/ledger'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isBrokerRefusal } from '../../api/refusal'
import type { DayRange } from './day-range'
import { fetchFundLines } from './funds.api'

interface Loaded {
  /** Which wallet and kind these lines are of: a change of either shows loading until they come. */
  of: string
  lines: FundLine[]
  page: number
  hasMore: boolean
  loading: boolean
  error: string | null
}

/**
 * The user's ledger lines of one wallet (and kind, and days), a page at a time: the first page on
 * change, the next on `loadMore`, until a page comes back short.
 */
export function useFundLines(type: MarketType, kind: string | undefined, days: DayRange) {
  const { from, to } = days
  const of = `${type}:${kind ?? ''}:${from}:${to}`
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const fetchPage = useCallback(
    (page: number) =>
      fetchFundLines({
        type,
        page,
        ...(kind ? { kind } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      }),
    [type, kind, from, to],
  )

  // The filters now wanted: a page that comes back after they changed (typing a date fires one
  // request per change) must not take the place of the newer one's, or loading would never end.
  const wanted = useRef(of)
  const settle = useCallback(
    (key: string, page: Promise<FundLine[]>, number: number, before: FundLine[]) =>
      page
        .then((got) => {
          if (key !== wanted.current) return
          setLoaded({
            of: key,
            lines: [...before, ...got],
            page: number,
            hasMore: got.length === FUND_LINES_PER_PAGE,
            loading: false,
            error: null,
          })
        })
        .catch((e: unknown) => {
          if (!isBrokerRefusal(e)) throw e
          if (key !== wanted.current) return
          setLoaded((old) => ({
            of: key,
            lines: before,
            page: old?.of === key ? old.page : 0,
            hasMore: false,
            loading: false,
            error: e.msg,
          }))
        }),
    [],
  )

  useEffect(() => {
    wanted.current = of
    void settle(of, fetchPage(1), 1, [])
  }, [of, fetchPage, settle])

  const current = loaded?.of === of ? loaded : null
  return {
    lines: current?.lines ?? [],
    hasMore: current?.hasMore ?? false,
    loading: current === null || current.loading,
    error: current?.error ?? null,
    loadMore: () => {
      if (!current || current.loading) return
      setLoaded({ ...current, loading: true })
      void settle(of, fetchPage(current.page + 1), current.page + 1, current.lines)
    },
  }
}
