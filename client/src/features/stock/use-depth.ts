import { useEffect, useState } from 'react'
import type { Depth } from '@kabu/shared/market/depth'
import { depth$ } from '../../realtime'

export interface DepthState {
  depth: Depth | undefined
  /** The stream was refused (unknown code) or broke; `retry` opens it again. */
  failed: boolean
  retry: () => void
}

/**
 * The live depth of `code` for the book and the tape. Both tabs call it; depth$ is ref-counted, so
 * they share one subscription. Unlike useLatest it keeps the failure, so a screen can say so.
 */
export function useDepth(code: string): DepthState {
  const [round, setRound] = useState(0)
  const [state, setState] = useState<{ key: string; depth?: Depth; failed: boolean }>()
  const key = `${code}|${round}`
  useEffect(() => {
    const subscription = depth$(code).subscribe({
      next: (depth) => setState({ key, depth, failed: false }),
      error: () => setState({ key, failed: true }),
    })
    return () => subscription.unsubscribe()
  }, [code, key])
  const current = state?.key === key ? state : undefined
  return {
    depth: current?.depth,
    failed: current?.failed ?? false,
    retry: () => setRound((r) => r + 1),
  }
}
