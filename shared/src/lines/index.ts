import type { UserEventType } from '../realtime'
import { account } from './account'
import { accounts } from './accounts'
import { actions } from './actions'
import { alerts } from './alerts'
import { banks } from './banks'
import { block } from './block'
import { credit } from './credit'
import { daytrade } from './daytrade'
import { deposits } from './deposits'
import { exchange } from './exchange'
import { follow } from './follow'
import { fundPassword } from './fund-password'
import { ipo } from './ipo'
import { kyc } from './kyc'
import type { ProductLine, ScreenPath, StrayEntries } from './line'
import { loans } from './loans'
import { messages } from './messages'
import { notifications } from './notifications'
import { records } from './records'
import { secondFactor } from './second-factor'
import { support } from './support'
import { tax } from './tax'
import { trading } from './trading'
import { trust } from './trust'
import { withdrawals } from './withdrawals'

export type { ProductLine, ScreenPath } from './line'

/**
 * Every product line, each declared once in its own file; the lists every workspace keeps (ledger
 * kinds and their labels, `/user` events and their listeners, home's and Mine's entries, the
 * Positions tabs) derive from here. Home shows its entries, and Positions its tabs, in this order.
 */
export const LINES = {
  trading,
  credit,
  ipo,
  block,
  follow,
  daytrade,
  deposits,
  withdrawals,
  exchange,
  loans,
  kyc,
  banks,
  fundPassword,
  secondFactor,
  support,
  messages,
  alerts,
  notifications,
  records,
  trust,
  actions,
  tax,
  accounts,
  account,
} as const satisfies Record<string, ProductLine>

export type LineName = keyof typeof LINES
type Line = (typeof LINES)[LineName]

/** A kind of ledger transaction some line writes: `LedgerTxInput.kind` on the gateway. */
export type LedgerKind = Line['ledgerKinds'][number]
/** Every ledger kind, line by line (the fund records' filter offers them in this order). */
export const LEDGER_KINDS: readonly LedgerKind[] = Object.values(LINES).flatMap(
  (line): readonly LedgerKind[] => line.ledgerKinds,
)

// A type that names what it is given when that is not `never`: the checks below fail to compile
// with the stray name in the message.
type Expect<T extends never> = T

/** Compiles only while every `/user` event of shared/realtime belongs to a line. */
export type EveryEventDeclared = Expect<Exclude<UserEventType, Line['userEvents'][number]>>
/** Every `/user` event, once (several lines may push `review:decided`). */
export const USER_EVENT_TYPES: readonly UserEventType[] = [
  ...new Set(Object.values(LINES).flatMap((line): readonly UserEventType[] => line.userEvents)),
]

/** Compiles only while every entry (home's, Mine's) opens a screen its own line declares. */
export type EveryEntryDeclared = Expect<
  { [K in LineName]: StrayEntries<(typeof LINES)[K]> }[LineName]
>

/** Every screen some line declares (the client's route table must register each). */
export const SCREEN_PATHS: readonly ScreenPath[] = Object.values(LINES).flatMap(
  (line): ScreenPath[] => Object.values(line.screens),
)

/** Home's entries to the lines, in the order of LINES: `home.<line>.entry` labels each. */
export const HOME_ENTRIES = Object.entries(LINES).flatMap(([line, declared]) =>
  'home' in declared ? [{ line: line as LineName, to: declared.home }] : [],
)

type MineNames<L> = L extends { mine: infer M } ? keyof M & string : never
/** A Mine panel entry's name: `mine.panel.<name>` labels it, `panel-<name>` is its test id. */
export type MineEntryName = MineNames<Line>
/** Mine's side-panel entries of every line, by name. */
export const MINE_ENTRIES = Object.fromEntries(
  Object.values(LINES).flatMap((line) => ('mine' in line ? Object.entries(line.mine) : [])),
) as Record<string, ScreenPath> as Readonly<Record<MineEntryName, ScreenPath>>

/** A tab of the Positions screen: a line's holdings. */
export type PositionTab = Extract<Line, { positionTab: string }>['positionTab']
/** The Positions screen's tabs, in the order of LINES. */
export const POSITION_TABS: readonly PositionTab[] = Object.values(LINES).flatMap(
  (line): PositionTab[] => ('positionTab' in line ? [line.positionTab] : []),
)
