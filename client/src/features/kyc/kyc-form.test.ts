import { describe, expect, it } from 'vitest'
import { validateKyc, type KycForm } from './kyc-form'

const FORM: KycForm = {
  doctype: 'my_number',
  name: '山田 太郎',
  idnumber: '1234 5678 9018',
  agree: true,
}
const PHOTOS = { front: 'f'.repeat(22), back: 'b'.repeat(22) }

describe('the identity form', () => {
  it('accepts a complete form, a My Number typed with spaces included', () => {
    expect(validateKyc(FORM, PHOTOS)).toEqual({})
  })

  it('names each missing part', () => {
    const errors = validateKyc(
      { doctype: '', name: ' ', idnumber: '', agree: false },
      { front: null, back: null },
    )
    expect(errors).toEqual({
      doctype: 'common.error.required',
      name: 'common.error.required',
      idnumber: 'common.error.required',
      front: 'mine.kyc.photo.required',
      back: 'mine.kyc.photo.required',
      agree: 'server.privacy_required',
    })
  })

  it("checks the number against the document's rule (My Number check digit)", () => {
    expect(validateKyc({ ...FORM, idnumber: '123456789012' }, PHOTOS).idnumber).toBe(
      'mine.kyc.idnumber.rule.my_number',
    )
    expect(
      validateKyc({ ...FORM, doctype: 'driver_license', idnumber: '12345' }, PHOTOS).idnumber,
    ).toBe('mine.kyc.idnumber.rule.driver_license')
  })
})
