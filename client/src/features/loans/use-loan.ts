import type { MarketType } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { liveLoanMachine } from './loan.live'

/** One live loan machine per wallet, for a screen to read and send to. */
export function useLoan(type: MarketType) {
  const machine = useMemo(() => liveLoanMachine(type), [type])
  return useMachine(machine)
}

export type LoanState = ReturnType<typeof useLoan>[0]
export type LoanSend = ReturnType<typeof useLoan>[1]
