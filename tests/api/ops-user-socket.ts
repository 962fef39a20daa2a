import { io as connect, type Socket } from 'socket.io-client'
import type { SessionGrant } from '@kabu/shared/api/user'
import {
  USER_NAMESPACE,
  type UserClientToServer,
  type UserEvent,
  type UserServerToClient,
} from '@kabu/shared/realtime'

export type UserSocket = Socket<UserServerToClient, UserClientToServer>

const EVENT_TYPES = [
  'message:new',
  'funds:reviewed',
  'kyc:result',
  'review:decided',
  'account:status',
  'support:message',
] as const

/**
 * A `/user` socket of a logged-in user that records the events of `types` it receives (by default
 * the account's own: messages, reviews, KYC, status, support).
 */
export async function userSocket(
  base: string,
  grant: SessionGrant,
  types: readonly UserEvent['type'][] = EVENT_TYPES,
): Promise<{ socket: UserSocket; events: UserEvent[] }> {
  const socket: UserSocket = connect(`${base}${USER_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token: grant.token, account: grant.account },
  })
  const events: UserEvent[] = []
  const raw = socket as unknown as { on(name: string, fn: (event: UserEvent) => void): void }
  for (const type of types) raw.on(type, (event) => events.push(event))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return { socket, events }
}

/** Waits until `check` passes (events arrive asynchronously), or fails after `ms`. */
export async function eventually(check: () => boolean, ms = 3_000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}
