import type { CallSite } from '../broker-calls'

export interface RelyingPartySettings {
  /** WEBAUTHN_RP_ID; unset → the host name the request was sent to. */
  rpId: string | undefined
  /** WEBAUTHN_ORIGINS; empty → the app's own origin. */
  origins: string[]
  rpName: string
}

export interface RelyingParty {
  rpId: string
  /** Origins whose pages may sign; empty when the call came from no page of ours. */
  origins: string[]
  rpName: string
}

/** `localhost:8080` → `localhost`; `[::1]:8080` → `::1`. */
function hostName(host: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(host)
  if (bracketed?.[1]) return bracketed[1]
  return host.replace(/:\d+$/, '').toLowerCase()
}

/**
 * Who the passkeys belong to for this call. Unset, the relying party is whatever host the phone
 * reached (so the demo works on localhost, a LAN address or a domain without configuration) and
 * the one origin allowed is the page's own: its Origin header, when its host is the request's Host,
 * as the socket origin check decides it. Behind a proxy that rewrites Host, set both settings.
 */
export function relyingParty(settings: RelyingPartySettings, site: CallSite): RelyingParty {
  const rpId = settings.rpId ?? hostName(site.host)
  if (settings.origins.length > 0)
    return { rpId, origins: settings.origins, rpName: settings.rpName }
  let own: string[] = []
  if (site.origin) {
    try {
      if (new URL(site.origin).host === site.host.toLowerCase()) own = [site.origin]
    } catch {
      own = []
    }
  }
  return { rpId, origins: own, rpName: settings.rpName }
}
