import { idNumberFits, normaliseIdNumber } from '@kabu/shared/api/kyc'
import { requiredErrors, type FieldErrors } from '../../ui/form/field-errors'

export interface KycForm {
  doctype: string
  name: string
  idnumber: string
  agree: boolean
}

export type KycField = keyof KycForm | 'front' | 'back'

/**
 * The checks the server makes, made first on the phone: every field filled, the number shaped as
 * the chosen document's, both photos uploaded, the privacy statement ticked.
 */
export function validateKyc(
  form: KycForm,
  photos: { front: string | null; back: string | null },
): FieldErrors<KycField> {
  const errors: FieldErrors<KycField> = requiredErrors(
    { doctype: form.doctype, name: form.name, idnumber: form.idnumber },
    ['doctype', 'name', 'idnumber'],
  )
  if (!errors.idnumber && !idNumberFits(form.doctype, normaliseIdNumber(form.idnumber))) {
    errors.idnumber = `mine.kyc.idnumber.rule.${form.doctype || 'my_number'}`
  }
  if (form.name.trim().length > 64) errors.name = 'mine.kyc.name.rule'
  if (!photos.front) errors.front = 'mine.kyc.photo.required'
  if (!photos.back) errors.back = 'mine.kyc.photo.required'
  if (!form.agree) errors.agree = 'server.privacy_required'
  return errors
}
