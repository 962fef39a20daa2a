import { translateServerMessage } from '../i18n/intl'
import { readStored, STORAGE_KEYS } from './storage'
import type { FormParams } from './form'
import { apiNotices } from './notices'
import { announceUnauthorized } from './unauthorized'
import { createBrokerClient } from './broker-client'

export { isBrokerRefusal, BrokerRefusal } from './refusal'

const client = createBrokerClient({
  fetch: (input, init) => fetch(input, init),
  baseUrl: '/api/vue',
  credentials: () => ({
    token: readStored(STORAGE_KEYS.token),
    account: readStored(STORAGE_KEYS.account),
  }),
  translate: translateServerMessage,
  ...apiNotices,
  onUnauthorized: announceUnauthorized,
})

/**
 * POSTs a form to `/api/vue/<path>` with the stored `token` and `account` headers and resolves with
 * the envelope's `data`. A refusal has already been toasted when the promise rejects with a
 * {@link BrokerRefusal}.
 *
 * @example
 * const info = await brokerPost<Userinfo>('/user/getUserinfo', { type: 'jpy' })
 */
export function brokerPost<T>(path: string, params?: FormParams): Promise<T> {
  return client.post<T>(path, params)
}

/**
 * POSTs like {@link brokerPost} to a call that answers with a file, and resolves with it as a Blob.
 *
 * @example
 * const csv = await brokerDownload('/user/ledgerExport', { type: 'jpy' })
 */
export function brokerDownload(path: string, params?: FormParams): Promise<Blob> {
  return client.download(path, params)
}
