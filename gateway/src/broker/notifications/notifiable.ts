import { IPO_STATUS } from '@kabu/shared/api/ipo'
import type { NotifyKind } from '@kabu/shared/api/notifications'
import { localDate } from '@kabu/shared/market/time-zone'
import { TYPE_OF_MARKET, type Market } from '@kabu/shared/market/types'
import type { UserEvent } from '@kabu/shared/realtime'
import { TOPICS, type Params, type Topic } from './texts'

/** What one notifiable event becomes: its record's kind, words (topic and params) and deep link. */
export interface Notice {
  kind: NotifyKind
  topic: Topic
  params: Params
  /** A hash-router path of the client. */
  url: string
}

/** The rows an event names by id only, read (scoped by the user) to say what it was about. */
export interface NoticeLookups {
  holding(userId: bigint, id: bigint): Promise<{ code: string; market: string } | undefined>
}

// The review areas' own words for what was decided (`review:decided`'s kinds, funds, identity).
type Reviewed = 'loan' | 'block' | 'credit' | 'daytrade' | 'deposit' | 'withdraw' | 'kyc'
const REVIEW_LINKS: Record<Reviewed, string> = {
  loan: '/mine/loan',
  block: '/home/large3',
  credit: '/position/index',
  daytrade: '/home/withinDays',
  deposit: '/mine/transactionRecords',
  withdraw: '/mine/transactionRecords',
  kyc: '/mine/verified',
}

/**
 * A `message:new` whose title is one of these areas' catalogue keys is the inbox's copy of an
 * event told by its own notification (a review's verdict, a draw, a margin call): one notification
 * each, not two. An operator's message (plain text) is told as itself.
 */
const TOLD_BY_ITS_EVENT = /^(review|ipo|credit)\./

const typeOf = (market: string) => TYPE_OF_MARKET[market as Market] ?? 'jpy'
const notice = (topic: Topic, params: Params, url: string): Notice => ({
  kind: TOPICS[topic].kind,
  topic,
  params,
  url,
})
const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text)

/**
 * The notification an event of the `/user` stream is (issue 37), or null when it is not one: an
 * order the user placed or cancelled, a screen's refresh signal, an account status. Fills, lapses
 * and fired stops are `fills`; a draw, a payment due, a lapse or a withdrawn listing `ipo`; a margin
 * call and a liquidation `margin`; a dividend paid `dividends`; a review's verdict, an operator's
 * message and a support reply `messages`; a price alert `alerts`.
 */
export async function noticeOf(
  userId: bigint,
  event: UserEvent,
  lookups: NoticeLookups,
): Promise<Notice | null> {
  switch (event.type) {
    case 'order:updated': {
      const topic: Topic | null =
        event.status === 'filled'
          ? 'order_filled'
          : event.status === 'partial'
            ? 'order_partial'
            : event.status === 'expired'
              ? 'order_expired'
              : event.status === 'open' && event.fired
                ? 'stop_fired'
                : null
      if (!topic) return null
      // The event says what the order is: a fill's notice reads nothing back (issue 35's order path).
      const params = {
        code: event.code,
        side: event.side,
        num: String(event.num),
        filled: String(event.filled_num),
        price: event.avg_price ?? '',
      }
      return notice(topic, params, `/position/order?type=${typeOf(event.market)}&id=${event.id}`)
    }
    case 'alert:triggered':
      return notice(
        'alert_triggered',
        { code: event.code, kind: event.kind, value: event.value, price: event.price },
        `/quotes/info?code=${encodeURIComponent(event.code)}`,
      )
    case 'ipo:drawn': {
      const topic: Topic =
        event.status === IPO_STATUS.pending
          ? 'ipo_payment_due'
          : event.status === IPO_STATUS.lost
            ? 'ipo_lost'
            : 'ipo_won'
      const params = { code: event.code, num: String(event.won_num) }
      return notice(topic, params, `/home/newShareInfo?id=${event.id}`)
    }
    case 'ipo:waived':
      return notice('ipo_lapsed', { code: event.code }, `/home/newShareInfo?id=${event.id}`)
    case 'ipo:withdrawn':
      return notice('ipo_withdrawn', { code: event.code }, `/home/newShareInfo?id=${event.id}`)
    case 'credit:call': {
      if (event.status === 'met') return null
      const h = await lookups.holding(userId, BigInt(event.id))
      if (!h) return null
      const url = `/position/info?type=${typeOf(h.market)}&id=${event.id}`
      if (event.status === 'liquidated') return notice('margin_liquidated', { code: h.code }, url)
      const deadline = event.deadline === null ? '' : localDate('jp', event.deadline)
      return notice('margin_call', { code: h.code, amount: event.amount ?? '', deadline }, url)
    }
    case 'dividend:paid':
      return notice(
        'dividend_paid',
        { code: event.code, net: event.net, currency: event.currency },
        '/mine/dividends',
      )
    case 'review:decided':
    case 'funds:reviewed':
      return notice(
        'review_decided',
        { what: event.kind, verdict: event.status },
        REVIEW_LINKS[event.kind],
      )
    case 'kyc:result':
      return notice('review_decided', { what: 'kyc', verdict: event.status }, REVIEW_LINKS.kyc)
    case 'message:new':
      if (TOLD_BY_ITS_EVENT.test(event.title)) return null
      return notice('message_new', { title: clip(event.title) }, `/mine/messageInfo?id=${event.id}`)
    case 'support:message':
      if (event.message.author !== 'operator') return null
      return notice(
        'support_reply',
        { text: clip(event.message.text) },
        `/mine/supportInfo?id=${event.thread}`,
      )
    default:
      return null
  }
}
