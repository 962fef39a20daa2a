import type { UploadGrant, UploadKind } from '@kabu/shared/api/kyc'
import { BrokerRefusal } from './refusal'
import { translateServerMessage } from '../i18n/intl'
import { readStored, STORAGE_KEYS } from './storage'
import { apiNotices } from './notices'
import { TOAST_MS } from './broker-client'

/**
 * Sends one photo to /common/upload as multipart, reporting progress (0–1) as it goes: fetch has
 * no upload progress, so this is the one call made with XMLHttpRequest. A refusal is toasted like
 * any other and rejects with a {@link BrokerRefusal}.
 */
export function uploadPhoto(
  kind: UploadKind,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const form = new FormData()
  form.set('kind', kind)
  form.set('file', file)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/vue/common/upload')
    const token = readStored(STORAGE_KEYS.token)
    const account = readStored(STORAGE_KEYS.account)
    if (token) xhr.setRequestHeader('token', token)
    if (account) xhr.setRequestHeader('account', account)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    const refuse = (msg: string) => {
      apiNotices.toast(translateServerMessage(msg), TOAST_MS)
      reject(new BrokerRefusal(msg, xhr.status))
    }
    xhr.onerror = () => refuse('network_error')
    xhr.onload = () => {
      let body: { status?: number; msg?: string; data?: UploadGrant } = {}
      try {
        body = JSON.parse(xhr.responseText) as typeof body
      } catch {
        // Not an envelope (a proxy's page): the status decides below.
      }
      if (xhr.status === 200 && body.status === 1 && body.data) return resolve(body.data.id)
      refuse(body.msg ?? 'network_error')
    }
    xhr.send(form)
  })
}

/**
 * One of the user's own photos (`GET /common/upload/:id`), as a Blob: an `<img>` cannot send the
 * session headers the gateway asks for, so the screen shows an object URL of this instead.
 */
export async function fetchPhoto(id: string): Promise<Blob> {
  const headers: Record<string, string> = {}
  const token = readStored(STORAGE_KEYS.token)
  const account = readStored(STORAGE_KEYS.account)
  if (token) headers.token = token
  if (account) headers.account = account
  const res = await fetch(`/api/vue/common/upload/${encodeURIComponent(id)}`, { headers })
  if (!res.ok) throw new BrokerRefusal('not_found', res.status)
  return res.blob()
}
