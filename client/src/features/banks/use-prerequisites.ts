import { useEffect, useState } from 'react'
import { isBrokerRefusal } from '../../api/refusal'
import { fetchPrerequisites } from './bank.api'

export type Prerequisites =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; identity: number; fundPasswordSet: boolean }

/** Whether the user may bind a card yet, read once when the screen opens (and on retry). */
export function usePrerequisites(): { state: Prerequisites; retry: () => void } {
  const [state, setState] = useState<Prerequisites>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    fetchPrerequisites()
      .then((p) => live && setState({ kind: 'ready', ...p }))
      .catch((error: unknown) => {
        if (!isBrokerRefusal(error)) throw error
        if (live) setState({ kind: 'failed' })
      })
    return () => {
      live = false
    }
  }, [attempt])
  return {
    state,
    retry: () => {
      setState({ kind: 'loading' })
      setAttempt((n) => n + 1)
    },
  }
}
