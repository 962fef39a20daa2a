import type { ErrorRequestHandler } from 'express'
import { z } from 'zod'
import { refused } from '@kabu/shared/api/envelope'
import { Refusal } from '../broker/index'
import { keyOfValidationError } from '../http/broker-errors'

// An operator's tool reads HTTP statuses: a missing thing is 404, a rule that said no is 409.
function statusOfRefusal(refusal: Refusal): number {
  if (['not_found', 'account_not_found', 'passkey_not_found'].includes(refusal.key)) return 404
  if (refusal.key === 'invalid_input') return 400
  return refusal.httpStatus === 200 ? 409 : refusal.httpStatus
}

/** The one place /api/ops errors become answers: the envelope with a key, never a stack trace. */
export const opsErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error)
  if (error instanceof Refusal)
    return void res.status(statusOfRefusal(error)).json(refused(error.key))
  if (error instanceof z.core.$ZodError) {
    return void res.status(400).json(refused(keyOfValidationError(error)))
  }
  const status = (error as { status?: unknown }).status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return void res.status(status).json(refused('invalid_input'))
  }
  req.log.error({ err: error }, 'unhandled error in /api/ops')
  res.status(500).json({ ...refused('network_error'), request_id: req.id })
}
