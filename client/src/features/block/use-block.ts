import type { MarketType } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { userEvents$ } from '../../realtime/user-events'
import { errorKey } from '../../state/machine-helpers'
import { liveBlockMachine } from './block.live'
import { blockDecided$ } from './block-watch'

/** One live block machine per offer, for the buy screen to read and send to. */
export function useBlock(id: string, type: MarketType) {
  const machine = useMemo(() => liveBlockMachine(id, type), [id, type])
  return useMachine(machine)
}

export type BlockState = ReturnType<typeof useBlock>[0]
export type BlockSend = ReturnType<typeof useBlock>[1]

export type Load<T> =
  { phase: 'loading' } | { phase: 'failed'; error: string } | { phase: 'shown'; data: T }

/**
 * A list or record read once and read again whenever a block request is decided (the `/user`
 * socket's `review:decided` of kind `block`) or `reload` is called.
 */
export function useBlockRead<T>(read: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<Load<T>>({ phase: 'loading' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let live = true
    read().then(
      (data) => live && setState({ phase: 'shown', data }),
      (error: unknown) =>
        live &&
        setState({
          phase: 'failed',
          error: errorKey(error),
        }),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round])
  useEffect(() => {
    const subscription = blockDecided$(userEvents$()).subscribe(() => setRound((r) => r + 1))
    return () => subscription.unsubscribe()
  }, [])
  return {
    state,
    reload: () => {
      setState({ phase: 'loading' })
      setRound((r) => r + 1)
    },
  }
}
