import type { SelfFreezeState, SelfFreezeWhat, TrustPanel } from '@kabu/shared/api/trust'
import { fetchSecondFactors, secondFactorFields } from '../../api/second-factor'
import { brokerDownload, brokerPost } from '../../api/broker'

/** /user/trust: the panel's figures of the yen wallet. */
export function fetchTrust(): Promise<TrustPanel> {
  return brokerPost<TrustPanel>('/user/trust', { type: 'jpy' })
}

/** /user/selfFreeze: freezes withdrawals, trading or both; the fund password confirms it. */
export function selfFreeze(what: SelfFreezeWhat, fundPassword: string): Promise<SelfFreezeState> {
  return brokerPost<SelfFreezeState>('/user/selfFreeze', { what, fund_password: fundPassword })
}

/** /user/selfUnfreeze: lifts a freeze whose cooling-off period has passed. */
export async function selfUnfreeze(
  what: SelfFreezeWhat,
  fundPassword: string,
  totp = '',
): Promise<SelfFreezeState> {
  // Confirmed as money out is: this phone's passkey signs, or the typed code (none enrolled: none).
  const factor = await secondFactorFields(await fetchSecondFactors(), totp)
  return brokerPost<SelfFreezeState>('/user/selfUnfreeze', {
    what,
    fund_password: fundPassword,
    ...factor,
  })
}

/** /user/ledgerExport: the yen wallet's ledger lines as a CSV file. */
export function fetchLedgerCsv(): Promise<Blob> {
  return brokerDownload('/user/ledgerExport', { type: 'jpy' })
}
