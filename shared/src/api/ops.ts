import { z } from 'zod'
import { TOTP_RULE } from './second-factor'

/**
 * The back office's request shapes (`/api/ops`, JSON; API.md "Back office"). Operators' tools and
 * the gateway share them; the gateway validates every body and query with them.
 */

export const REVIEW_KINDS = [
  'kyc',
  'deposit',
  'withdraw',
  'loan',
  'block',
  'credit',
  'daytrade',
] as const
export type ReviewKind = (typeof REVIEW_KINDS)[number]

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

// PostgreSQL cannot store NUL in text, and no operator text has a use for it.
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'invalid_input')

const bigintId = z.string().regex(/^[1-9][0-9]{0,18}$/, 'invalid_input')
const page = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/, 'invalid_input')
  .transform(Number)
  .default(1)

/**
 * Rows per page of `GET /api/ops/products` (its query is in products.ts). Here, not there, so the
 * console reads it without the products module's decimal arithmetic and market calendars.
 */
export const OPS_PRODUCTS_PAGE_SIZE = 50

/** `GET /api/ops/reviews?kind=&status=` */
export const reviewsQuery = z.object({
  kind: z.enum(REVIEW_KINDS),
  status: z.enum(REVIEW_STATUSES).default('pending'),
})

/** `POST /api/ops/reviews/:kind/:id/approve|reject` path parameters. */
export const reviewTarget = z.object({ kind: z.enum(REVIEW_KINDS), id: bigintId })

/** Body of `/reject`: the reason is shown to the user, so it is required. */
export const rejectBody = z.object({ reason: text(500) })

/** `GET /api/ops/audit?page=&target=` */
export const auditQuery = z.object({ page, target: z.string().min(1).max(100).optional() })

/** `POST /api/ops/clock` */
export const clockBody = z.object({ at: z.iso.datetime({ offset: true }) })

/** `POST /api/ops/messages`: to one account, or with `all: true` to every user. */
export const opsMessageBody = z
  .object({
    account: text(64).optional(),
    all: z.literal(true).optional(),
    title: text(100),
    summary: text(500),
    body: z
      .string()
      .max(10_000)
      .refine((v) => !v.includes('\u0000'), 'invalid_input')
      .optional(),
  })
  .refine((m) => (m.account === undefined) !== (m.all === undefined), {
    message: 'invalid_input',
  })

export type OpsMessage = z.infer<typeof opsMessageBody>

export const OPERATOR_ROLES = ['reviewer', 'admin'] as const
export type OperatorRoleName = (typeof OPERATOR_ROLES)[number]

const operatorLogin = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9._-]{3,32}$/, 'invalid_input')

const operatorPassword = z.string().min(1).max(200)

// An assertion is a few hundred bytes of JSON; a code is six digits (full-width ones typed too).
const operatorFactorProof = {
  passkey: z.string().min(2).max(16_384, 'passkey_invalid').optional(),
  totp: z
    .string()
    .transform((s) => s.normalize('NFKC').trim())
    .pipe(z.string().regex(TOTP_RULE, 'totp_invalid'))
    .optional(),
}

/**
 * `POST /api/ops/login`: an operator's login and password, and once the operator holds a second
 * factor, one of them: `passkey` (the JSON of a WebAuthn assertion on the options the first answer
 * gave) or `totp` (six digits).
 */
export const operatorLoginBody = z.object({
  login: operatorLogin,
  password: operatorPassword,
  ...operatorFactorProof,
})

/**
 * What `POST /api/ops/login` answers (HTTP 401, `second_factor_required`) when the password was
 * right and a factor is missing: the operator's factors, with WebAuthn request options to sign when
 * they hold a passkey (good for 5 minutes, once).
 */
export interface OperatorFactorChallenge {
  totp: boolean
  passkey: object | null
}

/** A change of the operator's own factors: the password again, and the factor already held. */
const operatorGuard = z.object({ password: operatorPassword, ...operatorFactorProof })

/** `POST /api/ops/operators/me/passkeys`: the attestation JSON of a new passkey. */
export const operatorPasskeyAddBody = operatorGuard.extend({
  credential: z.string().min(2).max(16_384, 'passkey_invalid'),
  name: z.string().trim().max(40, 'invalid_input').optional(),
})

/** `POST /api/ops/operators/me/totp/enable`: a code of the secret `/totp/setup` gave. */
export const operatorTotpEnableBody = operatorGuard.extend({
  code: z
    .string()
    .transform((s) => s.normalize('NFKC').trim())
    .pipe(z.string().regex(TOTP_RULE, 'totp_invalid')),
})

/** `POST /api/ops/operators/me/passkeys/:id/delete` and `/totp/disable`. */
export const operatorFactorRemoveBody = operatorGuard

export const operatorPasskeyTarget = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
})

/** `GET /api/ops/operators/me/factors`. */
export interface OperatorFactors {
  passkeys: { id: number; name: string; created: number; last_used: number | null }[]
  totp: boolean
  /** OPS_REQUIRE_SECOND_FACTOR is on. */
  required: boolean
}

/** `POST /api/ops/operators` (admin): a new operator account. */
export const operatorCreateBody = z.object({
  login: operatorLogin,
  display_name: text(64),
  role: z.enum(OPERATOR_ROLES),
  password: z.string().min(12).max(200),
})

/** `GET /api/ops/users?q=&page=`: accounts whose name contains `q`, newest first. */
export const opsUsersQuery = z.object({ q: z.string().max(64).optional(), page })

/** What `POST /api/ops/login` and `GET /api/ops/me` answer. */
export interface OperatorSession {
  token?: string
  operator: { login: string; display_name: string; role: OperatorRoleName }
  /** Whether `POST /api/ops/clock` is allowed (TIME_TRAVEL=1). */
  time_travel: boolean
  /**
   * OPS_REQUIRE_SECOND_FACTOR and this session was opened with the password alone: it may only
   * enrol a factor (`/operators/me/*`), then log in again with it.
   */
  second_factor_needed?: boolean
}
