import type { MarketType } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { liveDaytradeMachine } from './daytrade.live'

/** One live day-trading machine per market, for the screen to read and send to. */
export function useDaytrade(type: MarketType) {
  const machine = useMemo(() => liveDaytradeMachine(type), [type])
  return useMachine(machine)
}

export type DaytradeState = ReturnType<typeof useDaytrade>[0]
export type DaytradeSend = ReturnType<typeof useDaytrade>[1]
