import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { Authenticate, BrokerArea } from '../broker/index'
import type { ReviewRegistry } from '../broker/common/review-queue'
import type { Database } from '../store/index'
import type { IdentityChecks } from '../broker/common/identity-checks'
import type { PasswordHasher } from '../passwords'
import { bankRoutes } from '../broker/banks/routes'
import { createBankService } from '../broker/banks/service'
import { fundPasswordRoutes } from '../broker/fund-password/routes'
import { createFundPasswordService } from '../broker/fund-password/service'
import { uploadsHttp } from '../http/uploads.router'
import { uploadRoutes } from '../broker/uploads/routes'
import { opsUploadsRoute } from '../broker/uploads/ops'
import { createUploads } from '../broker/uploads/service'
import { createIdSealer } from '../broker/kyc/id-seal'
import { kycReviewQueue } from '../broker/kyc/queue'
import { kycRoutes } from '../broker/kyc/routes'
import { createKycService } from '../broker/kyc/service'

export interface IdentityDeps {
  db: Kysely<Database>
  clock: Clock
  config: Config
  passwords: PasswordHasher
  authenticate: Authenticate
  reviews: ReviewRegistry
  checks: IdentityChecks
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
  const kyc = createKycService({
    db,
    clock,
    sealer,
    doctypes,
    uploadOwnedBy: deps.checks.uploadOwnedBy,
  })
  const banks = createBankService({ db, clock, checks: deps.checks, maxCards: config.bankCardsMax })
  const fundPasswords = createFundPasswordService({ db, clock, passwords: deps.passwords })
  deps.reviews.register(kycReviewQueue({ clock, sealer, uploads, doctypes }))

  const areas: BrokerArea[] = [
    { name: 'uploads', routes: uploadRoutes(uploads), opsRoutes: opsUploadsRoute(uploads) },
    { name: 'kyc', routes: kycRoutes(kyc) },
    { name: 'security', routes: fundPasswordRoutes(fundPasswords) },
    { name: 'banks', routes: bankRoutes(banks) },
  ]
  const uploadsRouter = uploadsHttp({
    uploads,
    authenticate: deps.authenticate,
    opsToken: config.opsToken,
    maxBytes: config.uploadMaxBytes,
  })
  return { uploads, kyc, banks, fundPasswords, areas, uploadsRouter }
}
