// Its own file: split.sql.ts reads split-credit.sql.ts, and both need it (no import cycle).
/** A split as the SQL needs it: `num` new shares for `den` old (one of them is 1). */
export interface SplitRow {
  action: string
  code: string
  exDate: string
  /** Local midnight of the ex-date: holdings bought before it were held through the cum date. */
  exStart: number
  ratio: string
  num: bigint
  den: bigint
  /** The last close before the ex-date (units): a reverse split's fraction is paid at it. */
  lastClose: bigint
}
