import { z } from 'zod'

// base64url, as web-push writes VAPID keys (a P-256 public point: 87 chars; private scalar: 43).
const vapidKey = (length: number) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`))
    .optional()

/** The settings of notifications and Web Push (issue 37; MARKET-RULES.md §12). */
export const notificationsEnvSchema = z.object({
  PUSH_ENDPOINT_ALLOW: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https$/ })))
    .describe(
      'Comma-separated https origins a push subscription may name even on a loopback or private address (tests, a private push service). Every other endpoint must be https on public addresses only.',
    ),
  VAPID_PUBLIC_KEY: vapidKey(87).describe(
    'The VAPID public key pushes are signed with (base64url), with `VAPID_PRIVATE_KEY`. Unset: a pair is made at first start and kept in the database, shared by every gateway of the deployment.',
  ),
  VAPID_PRIVATE_KEY: vapidKey(43).describe(
    'The VAPID private key (base64url); see `VAPID_PUBLIC_KEY`.',
  ),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/)
    .default('mailto:push@kabu-mobile.invalid')
    .describe(
      'The VAPID `sub` claim: a `mailto:` or https URL where push services can reach the operator.',
    ),
})
