import { ok } from '@kabu/shared/api/envelope'
import { verifyRequest, type VerifyInfo } from '@kabu/shared/api/kyc'
import { noForm, type BrokerCalls } from '../common/broker-calls'
import type { KycService } from './service'

/** `/user/verify` (submit for review) and `/user/verifyInfo` (status, masked number, reason). */
export function kycRoutes(kyc: KycService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/verify', verifyRequest, async ({ input, user }) => {
      await kyc.submit(user, input)
      return ok(null, 'submit_ok')
    })

    routes.authed('/user/verifyInfo', noForm, async ({ user }) =>
      ok<VerifyInfo>(await kyc.info(user)),
    )
  }
}
