import { Agent } from 'node:https'
import { isIP } from 'node:net'
import { rootCertificates } from 'node:tls'
import webPush from 'web-push'
import { guardedLookup, isPublicAddress, type EndpointPolicy } from './endpoint-check'
import type { VapidKeys } from './vapid'

/** A device's subscription as stored: the browser's endpoint and keys (base64url). */
export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** `gone`: the push service answered 404 or 410, the subscription is dead (delete it). */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed'

export interface PushSender {
  send(target: PushTarget, payload: string, urgency: 'normal' | 'high'): Promise<PushOutcome>
}

/** How long a push service keeps a push for a phone that is off (seconds): a day. */
const TTL_SECONDS = 86_400
const TIMEOUT_MS = 10_000

/**
 * Sends Web Push through the `web-push` package: RFC 8291 aes128gcm encryption to the device's
 * keys, RFC 8292 VAPID signature. Connections go through an agent whose lookup refuses non-public
 * addresses, except to the origins `PUSH_ENDPOINT_ALLOW` names. `extraCa` (PEM) is trusted beside
 * the public roots: a narrow seam for tests, whose push service runs in-process on a certificate
 * made on the spot (NODE_EXTRA_CA_CERTS only reaches a process at its start).
 */
export function createPushSender(deps: {
  keys: () => VapidKeys | undefined
  policy: EndpointPolicy
  extraCa?: string
}): PushSender {
  const ca = deps.extraCa ? [...rootCertificates, deps.extraCa] : undefined
  const guarded = new Agent({ keepAlive: true, lookup: guardedLookup, ...(ca ? { ca } : {}) })
  const listed = new Agent({ keepAlive: true, ...(ca ? { ca } : {}) })
  return {
    async send(target, payload, urgency) {
      const keys = deps.keys()
      if (!keys) return 'failed'
      let url: URL
      try {
        url = new URL(target.endpoint)
      } catch {
        return 'refused'
      }
      const allowListed = deps.policy.allowListed(url)
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
      // An address literal never reaches the lookup: it is checked here.
      if (!allowListed && isIP(host) && !isPublicAddress(host)) return 'refused'
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: keys,
            TTL: TTL_SECONDS,
            urgency,
            contentEncoding: 'aes128gcm',
            agent: allowListed ? listed : guarded,
            timeout: TIMEOUT_MS,
          },
        )
        return 'sent'
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode
        if (status === 404 || status === 410) return 'gone'
        if ((error as { code?: string }).code === 'EPUSHDENIED') return 'refused'
        throw error
      }
    },
  }
}
