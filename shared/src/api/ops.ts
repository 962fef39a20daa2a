import { z } from 'zod'

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

/** `POST /api/ops/login`: an operator's login and password (a passkey proof later, issue 17). */
export const operatorLoginBody = z.object({
  login: operatorLogin,
  password: z.string().min(1).max(200),
})

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
}
