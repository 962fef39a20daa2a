import type { Kysely } from 'kysely'
import type { IdentityStatus, VerifyInfo } from '@kabu/shared/api/kyc'
import type { Clock } from '../../clock'
import type { SessionUser } from '../common/session-user'
import { isUniqueViolation, type Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { IdentityChecks } from '../common/identity-checks'
import type { IdSealer } from './id-seal'
import * as q from './kyc.sql'

const STATUS_OF = { pending: 1, approved: 2, rejected: 3 } as const

/** 0 unverified, 1 reviewing, 2 verified, 3 failed: the state of the user's latest request. */
export async function identityStatus(
  db: Kysely<Database>,
  userId: bigint,
): Promise<IdentityStatus> {
  const latest = await q.latestRequest(db, userId)
  return latest ? STATUS_OF[latest.status] : 0
}

/** `****1234`: what every answer shows of an ID number. */
export const maskIdNumber = (last4: string) => `****${last4}`

export interface KycDeps {
  db: Kysely<Database>
  clock: Clock
  sealer: IdSealer
  uploadOwnedBy: IdentityChecks['uploadOwnedBy']
  /** The document types accepted (setting ID_DOCTYPES). */
  doctypes: readonly string[]
}

export type KycService = ReturnType<typeof createKycService>

/**
 * Identity verification: unverified → reviewing → verified | failed, and failed may try again.
 * The ID number is sealed before it is stored and only its last four characters are ever shown.
 */
export function createKycService({ db, clock, sealer, doctypes, uploadOwnedBy }: KycDeps) {
  return {
    async submit(
      user: SessionUser,
      input: { name: string; idnumber: string; doctype: string; front: string; back: string },
    ): Promise<void> {
      if (!doctypes.includes(input.doctype)) throw new Refusal('invalid_input')
      const status = await identityStatus(db, user.userId)
      if (status === 1) throw new Refusal('realname_reviewing')
      if (status === 2) throw new Refusal('already_verified')
      const photosOwned =
        (await uploadOwnedBy(db, user.userId, input.front, 'id_front')) &&
        (await uploadOwnedBy(db, user.userId, input.back, 'id_back'))
      if (!photosOwned) throw new Refusal('invalid_input')

      try {
        await db
          .insertInto('identity_requests')
          .values({
            user_id: user.userId,
            name: input.name,
            doctype: input.doctype,
            idnumber_sealed: await sealer.seal(user.userId, input.idnumber),
            idnumber_last4: input.idnumber.slice(-4),
            front_upload: input.front,
            back_upload: input.back,
            created_at: clock.now(),
          })
          .execute()
      } catch (error) {
        // A second submission raced this one: the one-open-request index let only one in.
        if (isUniqueViolation(error)) throw new Refusal('realname_reviewing')
        throw error
      }
    },

    async info(user: SessionUser): Promise<VerifyInfo> {
      const latest = await q.latestRequest(db, user.userId)
      if (!latest) return { status: 0, name: '', doctype: '', idnumber_masked: '', reason: '' }
      return {
        status: STATUS_OF[latest.status],
        name: latest.name,
        doctype: latest.doctype,
        idnumber_masked: maskIdNumber(latest.idnumber_last4),
        reason: latest.reason ?? '',
      }
    },
  }
}
