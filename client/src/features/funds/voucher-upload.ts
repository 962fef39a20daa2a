import { BrokerRefusal } from '../../api/refusal'
import { translateServerMessage } from '../../i18n/intl'
import { readStored, STORAGE_KEYS } from '../../api/storage'
import { showToast } from '../../ui/toast/toast.store'

/**
 * Sends the transfer slip photo to /common/upload (multipart, kind `voucher`) and resolves with its
 * upload id. A refusal is toasted like any other and rejects with a {@link BrokerRefusal}.
 */
export async function uploadVoucher(file: Blob): Promise<string> {
  const form = new FormData()
  form.set('kind', 'voucher')
  form.set('file', file)
  const headers: Record<string, string> = {}
  const token = readStored(STORAGE_KEYS.token)
  const account = readStored(STORAGE_KEYS.account)
  if (token) headers.token = token
  if (account) headers.account = account
  const refuse = (msg: string, status: number) => {
    showToast(translateServerMessage(msg), 2000, 'error')
    return new BrokerRefusal(msg, status)
  }
  let res: Response
  try {
    res = await fetch('/api/vue/common/upload', { method: 'POST', headers, body: form })
  } catch {
    throw refuse('network_error', 0)
  }
  const body = (await res.json().catch(() => ({}))) as {
    status?: number
    msg?: string
    data?: { id?: string }
  }
  if (res.ok && body.status === 1 && body.data?.id) return body.data.id
  throw refuse(body.msg ?? 'network_error', res.status)
}
