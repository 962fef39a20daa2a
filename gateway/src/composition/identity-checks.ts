import type { Clock } from '../clock'
import { bankCardOf } from '../broker/banks/service'
import type { IdentityChecks } from '../broker/common/identity-checks'
import type { VerifySecondFactor } from '../broker/common/second-factor'
import { identityStatus } from '../broker/kyc/service'
import { verifyFundPassword } from '../broker/fund-password/fund-password'
import { uploadOwnedBy } from '../broker/uploads/service'

/**
 * What the money areas ask of the identity areas (kyc, uploads, banks, security), put together
 * here so that no area imports another: each takes the checks it needs from its deps.
 */
export function identityChecks(
  clock: Clock,
  verifySecondFactor: VerifySecondFactor,
): IdentityChecks {
  return {
    identityStatus,
    uploadOwnedBy,
    bankCardOf,
    // The app's clock, so time travel moves the fund-password throttle window too.
    verifyFundPassword: (db, userId, plain) => verifyFundPassword(db, userId, plain, clock),
    verifySecondFactor,
  }
}
