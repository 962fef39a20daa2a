import type { ReviewKind, ReviewStatus } from '@kabu/shared/api/ops'
import { opsCall } from './api'

/** One row of a review queue: the fixed fields, and whatever the queue adds to decide by. */
export interface ReviewRow {
  id: string
  account: string
  status: string
  created: number
  approvals?: string[]
  [field: string]: unknown
}

export type ApproveAnswer =
  | { id: string; status: 'approved' }
  | { id: string; status: 'pending'; approvals: number; needed: number }

export const listReviews = (kind: ReviewKind, status: ReviewStatus) =>
  opsCall<ReviewRow[]>('GET', `/reviews?kind=${kind}&status=${status}`)

export const approveReview = (kind: ReviewKind, id: string) =>
  opsCall<ApproveAnswer>('POST', `/reviews/${kind}/${id}/approve`)

export const rejectReview = (kind: ReviewKind, id: string, reason: string) =>
  opsCall<{ id: string; status: 'rejected' }>('POST', `/reviews/${kind}/${id}/reject`, { reason })

/** The fields of a row that are upload ids of documents to show as photos. */
export const PHOTO_FIELDS = ['front', 'back', 'voucher', 'image'] as const
