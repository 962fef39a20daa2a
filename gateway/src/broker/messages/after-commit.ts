/**
 * `Messages.send` runs inside a caller's transaction and cannot see its commit. Announcing the
 * message before the commit would send the client to fetch a row it cannot read yet, or one that a
 * rollback removes. So the announcement waits until the row is visible outside the transaction: on
 * SQLite (one connection) the check queues behind the commit; on PostgreSQL it is retried a few
 * times. A row never seen (rolled back) is never announced.
 */
const RETRY_DELAYS_MS = [0, 25, 50, 100, 250, 500, 1_000, 2_000, 5_000]

export function whenCommitted(
  isVisible: () => Promise<boolean>,
  announce: () => void,
  onError: (error: unknown) => void,
): void {
  const attempt = async (index: number): Promise<void> => {
    if (await isVisible()) return announce()
    const delay = RETRY_DELAYS_MS[index + 1]
    if (delay === undefined) return
    setTimeout(() => void attempt(index + 1).catch(onError), delay).unref()
  }
  void attempt(0).catch(onError)
}
