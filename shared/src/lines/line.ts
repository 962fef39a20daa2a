import type { UserEventType } from '../realtime'

/** A client screen's path, as the client's route table registers it and the user's URL shows it. */
export type ScreenPath = `/${string}`

/**
 * What one product line declares, once, for every workspace to derive its lists from (issue 33).
 * Every name here is a wire name or a stored one: a ledger kind is written to
 * `ledger_transactions.kind`, an event is a socket.io event name, a path is a URL users bookmark;
 * renaming one breaks stored rows or clients in the field.
 *
 * Labels are not declared: each is the catalogue key derived from the name
 * (`mine.funds.kind.<kind>`, `home.<line>.entry`, `mine.panel.<entry>`), and the client's tests
 * check that every derived key has text in ja, zh-CN and en.
 */
export interface ProductLine {
  /** The kinds of ledger transaction the line's area writes (`LedgerTxInput.kind` on the gateway). */
  readonly ledgerKinds: readonly string[]
  /** The `/user` events the line's area pushes (shared/realtime's `UserEvent` types). */
  readonly userEvents: readonly UserEventType[]
  /** The line's client screens by a name of ours. */
  readonly screens: Readonly<Record<string, ScreenPath>>
  /** The screen home's entry to the line opens (one of `screens`). */
  readonly home?: ScreenPath
  /** The line's entries in Mine's side panel: entry name → one of `screens`. */
  readonly mine?: Readonly<Record<string, ScreenPath>>
  /** The line's tab on the Positions screen, when it has one. */
  readonly positionTab?: string
}

type Values<T> = T[keyof T]
type HomeOf<L> = L extends { home: infer H } ? H : never
type MineOf<L> = L extends { mine: infer M } ? Values<M> : never
/** The entries of a line (home's and Mine's) that open a path the line does not declare. */
export type StrayEntries<L extends ProductLine> = Exclude<
  HomeOf<L> | MineOf<L>,
  Values<L['screens']>
>
