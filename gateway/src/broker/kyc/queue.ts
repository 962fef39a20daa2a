import { access } from 'node:fs/promises'
import type { Kysely } from 'kysely'
import { idNumberFits } from '@kabu/shared/api/kyc'
import type { Clock } from '../../clock'
import type { ReviewQueue } from '../common/review-queue'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { IdSealer } from './id-seal'
import * as q from './kyc.sql'
import { maskIdNumber } from './service'

export interface KycQueueDeps {
  clock: Clock
  sealer: IdSealer
  /** Where an upload's photo lies, for its owner (the uploads area's pathFor). */
  uploads: { pathFor(id: string, viewer: { userId: bigint }): Promise<string | undefined> }
  doctypes: readonly string[]
}

/**
 * The back office's `kyc` queue. Approve and reject change only the request row; the review
 * framework around it writes the audit row and the user's message and emits the event.
 */
export function kycReviewQueue({ clock, sealer, uploads, doctypes }: KycQueueDeps): ReviewQueue {
  async function decideOrRefuse(
    trx: Kysely<Database>,
    id: bigint,
    decision: { status: 'approved' | 'rejected'; operator: string; reason: string | null },
  ) {
    const request = await q.requestById(trx, id)
    if (!request) throw new Refusal('not_found')
    if (!(await q.decide(trx, id, { ...decision, at: clock.now() }))) {
      throw new Refusal('not_found')
    }
    return {
      userId: request.user_id,
      before: { status: 'pending' },
      after: { status: decision.status, reason: decision.reason },
      params: { name: request.name },
    }
  }

  return {
    kind: 'kyc',

    async list(db, status) {
      const rows = await q.requestsWithAccount(db, status)
      return rows.map((r) => ({
        id: String(r.id),
        account: r.account,
        status: r.status,
        created: Number(r.created_at),
        name: r.name,
        doctype: r.doctype,
        idnumber_masked: maskIdNumber(r.idnumber_last4),
        // Operators open these at GET /api/vue/common/upload/:id with their bearer token.
        front: r.front_upload,
        back: r.back_upload,
        reason: r.reason,
        operator: r.operator,
        decided: r.decided_at === null ? null : Number(r.decided_at),
      }))
    },

    approve: (trx, id, operator) =>
      decideOrRefuse(trx, id, { status: 'approved', operator, reason: null }),

    reject: (trx, id, operator, reason) =>
      decideOrRefuse(trx, id, { status: 'rejected', operator, reason }),

    /** The demo's automatic review: the document is one we take, the number has its shape, both photos are there. */
    async autoDecide(db, id) {
      const request = await q.requestById(db, id)
      if (!request) return { approve: false, reason: 'not_found' }
      if (!doctypes.includes(request.doctype))
        return { approve: false, reason: 'doctype_not_accepted' }
      const idnumber = await sealer.open(request.user_id, request.idnumber_sealed)
      if (!idNumberFits(request.doctype, idnumber))
        return { approve: false, reason: 'idnumber_invalid' }
      for (const upload of [request.front_upload, request.back_upload]) {
        const file = await uploads.pathFor(upload, { userId: request.user_id })
        if (!file || !(await exists(file))) return { approve: false, reason: 'photo_missing' }
      }
      return { approve: true }
    },
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file)
    return true
  } catch {
    return false
  }
}
