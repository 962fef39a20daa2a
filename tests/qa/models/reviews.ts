import type { AnyActorRef, AnyEventObject } from 'xstate'
import type { Kit } from '../model'
import type { QaStep } from '../paths'

/** The back office's side of the review machines (deposit, withdrawal, loan, block …). */

/** The two verdicts a path may take from a pending review. */
export const reviewed = (reason: string): AnyEventObject[] => [
  { type: 'REVIEWED', status: 'approved' },
  { type: 'REVIEWED', status: 'rejected', reason },
]

/** A refusal the same draft would get again cannot be followed by success: it ends its path. */
export function keepRefusalLast(steps: QaStep[]): boolean {
  const types = steps.map((s) => s.event.type)
  const refused = types.findIndex((t) => t.startsWith('xstate.error.actor.submit'))
  return refused === -1 || refused === types.length - 1
}

/**
 * Makes a REVIEWED step happen: the operator approves or rejects the request the machine holds
 * (`context.requestId`, or the field `idKey` names: the loan's `loanId`) through `/api/ops`; the
 * machine hears it from its own watch.
 */
export async function decideFirst(
  kit: Kit,
  kind: string,
  event: AnyEventObject,
  actor: AnyActorRef,
  idKey = 'requestId',
): Promise<boolean> {
  if (event.type !== 'REVIEWED') return false
  const id = (actor.getSnapshot() as { context: Record<string, string> }).context[idKey]
  if (event.status === 'approved') await kit.target.ops('POST', `/reviews/${kind}/${id}/approve`)
  else
    await kit.target.ops('POST', `/reviews/${kind}/${id}/reject`, {
      reason: String(event.reason),
    })
  return true
}
