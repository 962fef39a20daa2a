import { io } from 'socket.io-client'
import type { Observable } from 'rxjs'
import { isWindowOpen, parseDailyWindow } from '@kabu/shared/market/business-day'
import { USER_NAMESPACE, type UserEvent } from '@kabu/shared/realtime'
import type { SessionGrant } from '@kabu/shared/api/user'
import {
  createUserEvents,
  createUserFeed,
  type UserEventsSocket,
  type UserFeedItem,
} from '../../../client/src/realtime/user-events'
import type { Kit } from '../model'
import type { Target } from '../target'

/** What every model's driver wires its machine with: the target's calls and its `/user` socket. */

/** A call as the app's client makes it: the answer's data, or a throw carrying the refusal's msg. */
export const caller =
  (target: Target, grant: SessionGrant) =>
  <T>(path: string, form: Record<string, string | undefined> = {}): Promise<T> =>
    target.data<T>(
      path,
      Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
      grant,
    )

/**
 * The user's own events from the target's `/user` socket, through the client's own feed
 * (client/src/realtime/user-events.ts) with a socket to the target instead of the page's origin.
 */
export function userEventsOn(target: Target, grant: SessionGrant): Observable<UserEvent> {
  return createUserEvents(() => grant, socketTo(target))
}

/** The same feed with its LISTENING marks, for a watch that reads again at each (re)connect. */
export function userFeedOn(target: Target, grant: SessionGrant): Observable<UserFeedItem> {
  return createUserFeed(() => grant, socketTo(target))
}

const socketTo =
  (target: Target) =>
  (credentials: () => { token: string; account: string } | null): UserEventsSocket => {
    const socket = io(`${target.url}${USER_NAMESPACE}`, {
      transports: ['websocket'],
      auth: (send) => send(credentials() ?? {}),
    })
    return {
      on: (event, listener) => void socket.on(event, listener),
      onConnect: (listener) => void socket.on('connect', listener),
      close: () => void socket.disconnect(),
    }
  }

/**
 * A fresh account of the kit's, verified (fund password set) with `money` yen deposited: what
 * every trading model's user starts from. Deposits wait for the bank window (the clock moved to
 * it when the target allows).
 */
export async function verifiedWithYen(kit: Kit, money: string): Promise<SessionGrant> {
  const grant = await kit.accounts.fresh()
  await kit.accounts.verify(grant)
  await inBankWindow(kit, 'deposit_window')
  await kit.accounts.fund(grant, money)
  return grant
}

const TOKYO_MS = 9 * 3_600_000

/**
 * Makes sure the target's clock is inside a Japanese bank window (`withdraw_window` …): when it is
 * not and the kit may move the clock, it moves it forward to 30 minutes after the window opens on
 * the next bank business day. Without that power nothing moves; the refusal is reported.
 */
export async function inBankWindow(kit: Kit, windowName: string): Promise<void> {
  const text = (await kit.target.config()).get(windowName)
  const window = text ? parseDailyWindow(text) : null
  if (!window || !kit.powers.clock) return
  const { now } = await kit.target.ops<{ now: string }>('GET', '/clock')
  let at = Date.parse(now)
  if (isWindowOpen(at, window)) return
  const tokyoMidnight = Math.floor((at + TOKYO_MS) / 86_400_000) * 86_400_000 - TOKYO_MS
  for (let day = 0; day < 15; day++) {
    at = tokyoMidnight + day * 86_400_000 + (window.start + 30) * 60_000
    if (at > Date.parse(now) && isWindowOpen(at, window)) return moveClockTo(kit, at)
  }
}

/**
 * Moves the target's clock forward to `at` (epoch ms; never backwards: a clock already past it
 * stays), then waits for the gateway that owns the clock to catch up with the jobs the move ran.
 */
export async function moveClockTo(kit: Kit, at: number): Promise<void> {
  const { now } = await kit.target.ops<{ now: string }>('GET', '/clock')
  if (Date.parse(now) >= at) return
  await kit.target.ops('POST', '/clock', { at: new Date(at).toISOString() })
  return settle(kit.target.opsUrl)
}

/**
 * Waits (a minute at most) until the gateway at `url` answers at once again: a moved clock runs
 * its jobs. That is the back office's gateway, whose clock moved: a gateway in upstream mode in
 * front of it answers its own `/health` at once however busy the broker behind it is.
 */
async function settle(url: string): Promise<void> {
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    const asked = Date.now()
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok && Date.now() - asked < 300) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
