import type { SecondFactors, TotpSetup } from '@kabu/shared/api/second-factor'
import { useCallback, useEffect, useState } from 'react'
import { fetchSecondFactors, passkeysSupported } from '../../api/second-factor'
import { isBrokerRefusal } from '../../api/broker'
import { translateServerMessage } from '../../i18n/intl'
import { showToast } from '../../ui/toast/toast.store'
import * as api from './second-factor.api'
import type { Guard } from './second-factor.api'

/** What the security screen is doing: nothing, or asking for the guard of one change. */
export type Pending =
  | { kind: 'addPasskey' }
  | { kind: 'removePasskey'; id: number }
  | { kind: 'enableTotp'; setup: TotpSetup }
  | { kind: 'disableTotp' }
  | null

/**
 * The security screen's state and commands: the enrolled factors (reloaded after each change),
 * the change being confirmed, and its error key. The screen only reads this and calls `run`.
 */
export function useSecondFactor(passkeyName: (n: number) => string) {
  const [factors, setFactors] = useState<SecondFactors | null>(null)
  const [supported, setSupported] = useState(true)
  const [pending, setPending] = useState<Pending>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const reload = useCallback(async () => setFactors(await fetchSecondFactors()), [])
  useEffect(() => {
    fetchSecondFactors().then(setFactors, () => undefined)
    passkeysSupported().then(setSupported, () => setSupported(false))
  }, [])

  async function startTotp() {
    setError(null)
    setPending({ kind: 'enableTotp', setup: await api.setupTotp() })
  }

  /** Confirms `pending` with the guard the dialog collected. */
  async function run(guard: Guard & { code: string }) {
    if (!factors || !pending) return
    setBusy(true)
    setError(null)
    try {
      if (pending.kind === 'addPasskey') {
        await api.addPasskey(factors, guard, passkeyName(factors.passkeys.length + 1))
      } else if (pending.kind === 'removePasskey') {
        await api.removePasskey(factors, guard, pending.id)
      } else if (pending.kind === 'enableTotp') {
        await api.enableTotp(factors, guard.fundPassword, guard.code)
      } else await api.disableTotp(factors, guard)
      setPending(null)
      showToast(translateServerMessage('modify_ok'), 2000, 'success')
      await reload()
    } catch (e) {
      setError(isBrokerRefusal(e) ? e.msg : 'network_error')
    } finally {
      setBusy(false)
    }
  }

  return {
    factors,
    supported,
    pending,
    busy,
    error,
    run,
    startTotp: () => startTotp().catch(() => undefined),
    ask: (next: Pending) => {
      setError(null)
      setPending(next)
    },
  }
}
