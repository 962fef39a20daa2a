import { z } from 'zod'
import type { MarketType } from '../market/types'

/**
 * Request schemas of the /api/vue `user/*` session calls. Bodies are form-encoded, so every field
 * arrives as a string; a refinement's message is the `msg` key the caller receives.
 */
export const ACCOUNT_RULE = /^[A-Za-z0-9]{4,20}$/
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 64
export const INVITE_RULE = /^[A-Z0-9]{6,12}$/

const account = z.string().trim().regex(ACCOUNT_RULE, 'invalid_input')
const password = z.string().min(PASSWORD_MIN, 'invalid_input').max(PASSWORD_MAX, 'invalid_input')
const checked = z.enum(['1', 'true', 'on'], { message: 'agree_terms_required' })

export const marketTypeSchema = z.enum(['jpy', 'usd', 'cny']).default('jpy')

export const registerRequest = z
  .object({
    account,
    password,
    password2: z.string().max(PASSWORD_MAX, 'invalid_input'),
    invite: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(INVITE_RULE, 'invite_code_wrong')),
    agree: checked,
  })
  .refine((r) => r.password === r.password2, { message: 'passwords_mismatch' })

export const loginRequest = z.object({
  account: z.string().trim().min(1, 'invalid_input').max(64, 'invalid_input'),
  password: z.string().min(1, 'invalid_input').max(PASSWORD_MAX, 'invalid_input'),
})

export const loginPasswordRequest = z
  .object({
    old: z.string().min(1, 'invalid_input').max(PASSWORD_MAX, 'invalid_input'),
    password,
    password2: z.string(),
  })
  .refine((r) => r.password === r.password2, { message: 'passwords_mismatch' })

export const userinfoRequest = z.object({ type: marketTypeSchema })

export type RegisterRequest = z.input<typeof registerRequest>
export type LoginRequest = z.input<typeof loginRequest>
export type LoginPasswordRequest = z.input<typeof loginPasswordRequest>

/** `data` of register and login. */
export interface SessionGrant {
  token: string
  account: string
}

/**
 * `data` of getUserinfo: the balance fields are named after `type` (`jpy`, `jpyyjed`), as the spec's
 * clients read them. Money is a decimal string.
 */
export type Userinfo = {
  account: string
  credit_score: number
  verified: number
  fund_password_set: boolean
  invite_code: string
} & { [K in MarketType]?: string } & { [K in `${MarketType}yjed`]?: string }
