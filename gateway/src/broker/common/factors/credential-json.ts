import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { z } from 'zod'
import { Refusal } from '../refusal'

// The JSON a browser makes of a PublicKeyCredential (what @simplewebauthn/browser sends): checked
// for shape here so that the library only ever sees strings where it expects them.
const b64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(8192)

const common = {
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}

const registration = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
})

const assertion = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
})

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Refusal('passkey_invalid')
  }
}

/** @throws Refusal passkey_invalid when the text is not a registration's JSON */
export function parseRegistration(text: string): RegistrationResponseJSON {
  const parsed = registration.safeParse(parseJson(text))
  if (!parsed.success) throw new Refusal('passkey_invalid')
  return parsed.data as RegistrationResponseJSON
}

/** @throws Refusal passkey_invalid when the text is not an assertion's JSON */
export function parseAssertion(text: string): AuthenticationResponseJSON {
  const parsed = assertion.safeParse(parseJson(text))
  if (!parsed.success) throw new Refusal('passkey_invalid')
  return parsed.data as AuthenticationResponseJSON
}
