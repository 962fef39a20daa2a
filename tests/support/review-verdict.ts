/** The event a review machine hears when the back office has decided its request. */
export interface Reviewed {
  type: 'REVIEWED'
  status: 'approved' | 'rejected'
  reason?: string
}

/**
 * The `onAnswer` of a model test's review watch (pollGateway over the user's list): once the row of
 * request `id` is decided, stops the watch and sends the machine the verdict, as a screen would
 * hear it. Status 2 is a rejection in every review list (funds, loans, block trades); any other
 * decided status (approved, or a loan repaid since) is an approval. `decided` defaults to "no
 * longer pending" (status 0); a list that holds decided rows only says so with `() => true`.
 */
export function reviewVerdict<Row extends { id: string; status: number; reason: string | null }>(
  id: string,
  sendBack: (event: Reviewed) => void,
  decided: (row: Row) => boolean = (row) => row.status !== 0,
): (rows: readonly Row[], stop: () => void) => void {
  return (rows, stop) => {
    const row = rows.find((r) => r.id === id)
    if (row && decided(row)) {
      stop()
      sendBack({
        type: 'REVIEWED',
        status: row.status === 2 ? 'rejected' : 'approved',
        ...(row.reason ? { reason: row.reason } : {}),
      })
    }
  }
}
