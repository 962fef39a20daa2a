/**
 * The browser's half of a WebAuthn ceremony (@simplewebauthn/browser, loaded only when one starts),
 * on options the gateway issued: the customer app's `api/second-factor.ts` and the back-office
 * console both sign and create passkeys through it. Each answers the credential's JSON, as the
 * gateway's `passkey` / `credential` fields take it.
 */

const webauthn = () => import('@simplewebauthn/browser')

type RequestOptions = Parameters<
  Awaited<ReturnType<typeof webauthn>>['startAuthentication']
>[0]['optionsJSON']
type CreationOptions = Parameters<
  Awaited<ReturnType<typeof webauthn>>['startRegistration']
>[0]['optionsJSON']

/** The person cancelled, or the browser timed out or refused: no passkey was used. */
export class CeremonyCancelled extends Error {
  constructor() {
    super('cancelled')
  }
}

/**
 * Whether this browser can make passkeys (a secure context with WebAuthn). The library's own
 * `browserSupportsWebAuthn` checks exactly this; asking it would download the library (~3 KB br)
 * as the login form mounts, where most visitors never start a ceremony (issue 15).
 */
export const passkeysSupported = async () => typeof globalThis.PublicKeyCredential === 'function'

/** Signs the challenge of request options with a passkey of this device; the assertion's JSON. */
export async function signWith(optionsJSON: RequestOptions): Promise<string> {
  const { startAuthentication } = await webauthn()
  try {
    return JSON.stringify(await startAuthentication({ optionsJSON }))
  } catch {
    throw new CeremonyCancelled()
  }
}

/** Makes a new passkey on this device from creation options; the attestation's JSON. */
export async function createWith(optionsJSON: CreationOptions): Promise<string> {
  const { startRegistration } = await webauthn()
  try {
    return JSON.stringify(await startRegistration({ optionsJSON }))
  } catch {
    throw new CeremonyCancelled()
  }
}
