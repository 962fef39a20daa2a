import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ErrorRequestHandler, RequestHandler } from 'express'
import { z } from 'zod'
import { refused } from '@kabu/shared/api/envelope'
import { isMessageKey, type MessageKey } from '@kabu/shared/api/messages'
import { Refusal } from '../broker/index'
import { answer } from './answer'

/** The first issue whose message is a catalogue key (schemas put keys there), else invalid_input. */
export function keyOfValidationError(error: z.core.$ZodError): MessageKey {
  const keyed = error.issues.find((issue) => isMessageKey(issue.message))
  return keyed ? (keyed.message as MessageKey) : 'invalid_input'
}

// body-parser's errors (too large, undecodable, bad charset, aborted) carry the 4xx status that
// fits, as http-errors do; such a request never reached a route.
function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  const { status } = error as { status?: unknown }
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null
}

/**
 * The one place /api/vue errors become answers (STYLE.md #9): refusals and invalid input are
 * ordinary answers with a message key; only a bug is a 500, logged with the request id it returns.
 */
function failureAnswer(error: unknown, req: IncomingMessage): { status: number; envelope: object } {
  if (error instanceof Refusal) return { status: error.httpStatus, envelope: refused(error.key) }
  if (error instanceof z.core.$ZodError) {
    return { status: 200, envelope: refused(keyOfValidationError(error)) }
  }
  const parserStatus = clientErrorStatus(error)
  if (parserStatus) return { status: parserStatus, envelope: refused('invalid_input') }
  req.log.error({ err: error }, 'unhandled error in /api/vue')
  return { status: 500, envelope: { ...refused('network_error'), request_id: req.id } }
}

/** Answers a failed call (`failureAnswer`), on either path: Express's or the fast path's. */
export function answerFailure(error: unknown, req: IncomingMessage, res: ServerResponse): void {
  const { status, envelope } = failureAnswer(error, req)
  res.statusCode = status
  answer(req, res, envelope)
}

/** answerFailure as Express's error handler (the form router's, the uploads'). */
export const brokerErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error)
  answerFailure(error, req, res)
}

/** Any path no area registered, and any method but POST. */
export const brokerNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(refused('not_found'))
}
