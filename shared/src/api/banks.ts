import { z } from 'zod'

/**
 * Bank cards (`/user/banks`, `/user/bankAdd`, `/user/bankDel`) and the fund password that guards
 * them (`/user/fundPassword`). Codes follow the Zengin record (MARKET-RULES §4): bank N(4),
 * branch N(3), account N(7); the account type is Zengin's 1 普通, 2 当座, 4 貯蓄.
 */
export const ACCOUNT_TYPES = ['ordinary', 'current', 'savings'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/**
 * Fund passwords are six digits, the PIN Japanese brokers use for money commands (取引暗証番号).
 */
export const FUND_PASSWORD_RULE = /^\d{6}$/

// Full-width katakana (small kana included) and the long-vowel mark, in words separated by a space.
const KATAKANA_NAME = /^[ァ-ヺー]+(?: [ァ-ヺー]+)*$/
const HOLDER_MAX = 30

/**
 * The account holder as the bank spells it: half-width katakana and full-width spaces are folded
 * to full-width katakana and single ASCII spaces (NFKC composes ｶﾞ into ガ). Anything that is not
 * katakana after that gives null.
 *
 * @example normaliseHolder('ﾔﾏﾀﾞ\u3000ﾀﾛｳ') // 'ヤマダ タロウ'
 */
export function normaliseHolder(raw: string): string | null {
  const folded = raw.normalize('NFKC').trim().replace(/\s+/g, ' ')
  return folded.length <= HOLDER_MAX && KATAKANA_NAME.test(folded) ? folded : null
}

/** `***4567`: the last four digits only. */
export function maskAccountNumber(number: string): string {
  return `***${number.slice(-4)}`
}

const digits = (length: number) =>
  z
    .string()
    .transform((s) => s.normalize('NFKC').trim())
    .pipe(z.string().regex(new RegExp(`^\\d{${length}}$`), 'invalid_input'))

const label = z
  .string()
  .transform((s) => s.normalize('NFKC').trim())
  .pipe(z.string().min(1, 'invalid_input').max(40, 'invalid_input'))

/** Missing or malformed: both are a wrong fund password, and neither reaches the hash. */
export const fundPasswordField = z.string().max(64, 'wrong_fund_password').optional()

export const bankAddRequest = z.object({
  holder: z
    .string()
    .max(120, 'holder_not_katakana')
    .transform((s, ctx) => {
      const holder = normaliseHolder(s)
      if (holder === null) ctx.addIssue({ code: 'custom', message: 'holder_not_katakana' })
      return holder ?? ''
    }),
  bank_name: label,
  bank_code: digits(4),
  branch_name: label,
  branch_code: digits(3),
  account_type: z.enum(ACCOUNT_TYPES, { message: 'invalid_input' }),
  card_number: digits(7),
  fund_password: fundPasswordField,
})

export const bankDelRequest = z.object({
  id: z.string().regex(/^[1-9]\d{0,17}$/, 'card_not_found'),
  fund_password: fundPasswordField,
})

const newFundPassword = z.string().regex(FUND_PASSWORD_RULE, 'invalid_input')

export const fundPasswordRequest = z
  .object({
    login_password: z.string().min(1, 'invalid_input').max(64, 'invalid_input').optional(),
    old: z.string().min(1, 'invalid_input').max(64, 'wrong_fund_password').optional(),
    password: newFundPassword,
    password2: z.string().max(64, 'passwords_mismatch'),
  })
  .refine((r) => r.password === r.password2, { message: 'passwords_mismatch' })
  .refine((r) => r.login_password !== undefined || r.old !== undefined, {
    message: 'invalid_input',
  })

export type BankAddRequest = z.input<typeof bankAddRequest>
export type FundPasswordRequest = z.input<typeof fundPasswordRequest>

/** One entry of `/user/banks`. */
export interface BankCard {
  id: number
  holder: string
  bank_name: string
  bank_code: string
  branch_name: string
  branch_code: string
  account_type: AccountType
  card_number_masked: string
}
