import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { Config } from '../../config'
import type { VueArea } from '../../http/vue-router'
import type { Authenticate } from '../../http/session.middleware'
import type { ReviewRegistry } from '../../ops/reviews'
import type { Database } from '../../store/index'
import type { PasswordHasher } from '../auth/passwords'
import { bankRoutes } from '../banks/routes'
import { createBankService } from '../banks/service'
import { securityRoutes } from '../security/routes'
import { createFundPasswordService } from '../security/service'
import { uploadsHttp } from '../uploads/http'
import { uploadRoutes } from '../uploads/routes'
import { createUploads } from '../uploads/service'
import { createIdSealer } from './id-seal'
import { kycReviewQueue } from './queue'
import { kycRoutes } from './routes'
import { createKycService } from './service'

export interface IdentityDeps {
  db: Kysely<Database>
  clock: Clock
  config: Config
  passwords: PasswordHasher
  authenticate: Authenticate
  reviews: ReviewRegistry
}

/**
 * Who the user is and where their money may go: uploads, identity verification (with its review
 * queue), the fund password and bank cards. `uploadsRouter` goes on /api/vue in front of the form
 * router (it reads multipart bodies and serves the photos).
 */
export function createIdentity(deps: IdentityDeps) {
  const { db, clock, config } = deps
  const doctypes = config.idDocTypes
  const sealer = createIdSealer({ idKey: config.idKey, dataDir: config.dataDir })
  const uploads = createUploads({
    db,
    clock,
    dataDir: config.dataDir,
    maxPixels: config.uploadMaxPixels,
  })
  const kyc = createKycService({ db, clock, sealer, doctypes })
  const banks = createBankService({ db, clock })
  const fundPasswords = createFundPasswordService({ db, clock, passwords: deps.passwords })
  deps.reviews.register(kycReviewQueue({ clock, sealer, uploads, doctypes }))

  const areas: VueArea[] = [
    uploadRoutes(uploads),
    kycRoutes(kyc),
    securityRoutes(fundPasswords),
    bankRoutes(banks),
  ]
  const uploadsRouter = uploadsHttp({
    uploads,
    authenticate: deps.authenticate,
    opsToken: config.opsToken,
    maxBytes: config.uploadMaxBytes,
  })
  return { uploads, kyc, banks, fundPasswords, areas, uploadsRouter }
}
