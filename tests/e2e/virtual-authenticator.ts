import type { Page } from 'playwright-core'

export interface StoredPasskey {
  rpId: string
  isResidentCredential: boolean
  signCount: number
}

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain) on a page: a platform authenticator
 * with user verification that answers at once, as a phone's fingerprint would. `credentials()`
 * reads the passkeys it holds (their site and how often each signed).
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    async credentials(): Promise<StoredPasskey[]> {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
      return credentials as StoredPasskey[]
    },
  }
}
