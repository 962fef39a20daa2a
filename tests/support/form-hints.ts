import fc from 'fast-check'
import { FUND_PASSWORD, MY_NUMBER } from './identity'
import type { FieldHints } from './zod-form'

const amounts = fc.oneof(
  fc.constantFrom('1', '100', '1000', '2500.5', '0.01', '1e3', '-5', '0', '999999999'),
  fc.integer({ min: 1, max: 2_000_000 }).map(String),
)

/**
 * Where a schema says little (amounts are strings the service reads), values with a chance of
 * being taken, by field name: mixed with the schema's own by zod-form's validForm.
 */
export const FORM_HINTS: FieldHints = {
  money: amounts,
  price: amounts,
  credit: amounts,
  num: fc.constantFrom('1', '100', '200', '0', '-100', '1.5'),
  fund_password: fc.constant(FUND_PASSWORD),
  code: fc.constantFrom('7203', '6758', 'AAPL', '600519', 'ZZZZ'),
  idem: fc.uuid(),
}

/** Values a call takes when everything else in the form is right (for tests where the id decides). */
export const SENSIBLE_HINTS: FieldHints = {
  money: fc.constantFrom('10000', '100000'),
  price: fc.constant('1000'),
  credit: fc.constant('10000'),
  num: fc.constant('100'),
  fund_password: fc.constant(FUND_PASSWORD),
  code: fc.constant('7203'),
  type: fc.constant('jpy'),
  channel: fc.constant('bank_transfer'),
  name: fc.constant('山田 太郎'),
  idnumber: fc.constant(MY_NUMBER),
  doctype: fc.constant('my_number'),
  agree: fc.constant('1'),
  text: fc.constant('hello'),
  idem: fc.uuid(),
}
