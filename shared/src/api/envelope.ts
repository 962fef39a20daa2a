import type { MessageKey } from './messages'

/** Every /api/vue answer is HTTP 200 with this envelope (401 aside). */
export type Ok<T> = { status: 1; msg: string; data: T }
export type Refused = { status: 0; msg: MessageKey | string }
export type Envelope<T> = Ok<T> | Refused

export const ok = <T>(data: T, msg = 'ok'): Ok<T> => ({ status: 1, msg, data })
export const refused = (msg: MessageKey): Refused => ({ status: 0, msg })
