import type { BrokerArea } from '../common/broker-area'
import type { VerifySecondFactor } from '../common/second-factor'
import { secondFactorRoutes } from './routes'
import { createSecondFactorService, type SecondFactorDeps } from './service'

/**
 * The second-factor area: passkeys and TOTP. `verifySecondFactor` is what other areas call (through
 * their deps) to require the factor a user enrolled: withdrawals, bank cards, and whatever comes.
 */
export function createSecondFactor(deps: SecondFactorDeps): {
  area: BrokerArea
  verifySecondFactor: VerifySecondFactor
} {
  const service = createSecondFactorService(deps)
  return {
    area: { name: 'second-factor', routes: secondFactorRoutes(service) },
    verifySecondFactor: service.verify,
  }
}
