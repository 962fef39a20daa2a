import { z } from 'zod'

/**
 * Identity verification (`/user/verify`, `/user/verifyInfo`) and photo uploads (`/common/upload`).
 * Which document types are accepted is a gateway setting; these are the ones it knows how to check.
 */
export const ID_DOCTYPES = ['driver_license', 'health_insurance', 'my_number'] as const
export type IdDoctype = (typeof ID_DOCTYPES)[number]

export const UPLOAD_KINDS = ['id_front', 'id_back', 'voucher', 'support'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

/** Upload ids are 22 base64url characters (128 random bits). */
export const UPLOAD_ID_RULE = /^[A-Za-z0-9_-]{22}$/

/** 0 unverified, 1 reviewing, 2 verified, 3 failed (API.md). */
export type IdentityStatus = 0 | 1 | 2 | 3

/**
 * The ID number as people type it, made comparable: full-width digits and letters become ASCII
 * (NFKC), spaces and hyphens go, letters are upper case.
 *
 * @example normaliseIdNumber('１２３４ ５６７８-９０１８') // '123456789018'
 */
export function normaliseIdNumber(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\s\-‐－ー]/g, '')
    .toUpperCase()
}

/**
 * The My Number check digit (個人番号の検査用数字, 総務省令第85号 第5条): weights 2..7 then 2..6 from
 * the right over the first 11 digits; 11 minus the sum mod 11, or 0 when that remainder is 0 or 1.
 */
export function myNumberCheckDigit(first11: string): number {
  let sum = 0
  for (let n = 1; n <= 11; n++) {
    const digit = Number(first11[11 - n])
    sum += digit * (n <= 6 ? n + 1 : n - 5)
  }
  const remainder = sum % 11
  return remainder <= 1 ? 0 : 11 - remainder
}

/** Whether a normalised ID number has the shape its document uses. */
export function idNumberFits(doctype: string, idnumber: string): boolean {
  switch (doctype) {
    case 'my_number':
      return /^\d{12}$/.test(idnumber) && myNumberCheckDigit(idnumber) === Number(idnumber[11])
    case 'driver_license':
      return /^\d{12}$/.test(idnumber)
    case 'health_insurance':
      // 記号 and 番号 together: digits and letters, at most 20.
      return /^[0-9A-Z]{1,20}$/.test(idnumber)
    default:
      return false
  }
}

const uploadId = z.string().regex(UPLOAD_ID_RULE, 'invalid_input')

export const verifyRequest = z
  .object({
    name: z
      .string()
      .transform((s) => s.normalize('NFKC').trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(1, 'invalid_input').max(64, 'invalid_input')),
    idnumber: z.string().max(64, 'invalid_input').transform(normaliseIdNumber),
    doctype: z.string().max(32, 'invalid_input'),
    front: uploadId,
    back: uploadId,
    agree: z.enum(['1', 'true', 'on'], { message: 'privacy_required' }),
  })
  .refine((r) => idNumberFits(r.doctype, r.idnumber), { message: 'invalid_input' })

export const uploadKindSchema = z.enum(UPLOAD_KINDS, { message: 'invalid_input' })

export type VerifyRequest = z.input<typeof verifyRequest>

/** `data` of /user/verifyInfo. The ID number is never sent back whole. */
export interface VerifyInfo {
  status: IdentityStatus
  name: string
  doctype: string
  idnumber_masked: string
  reason: string
}

/** `data` of /common/upload. */
export interface UploadGrant {
  id: string
}
