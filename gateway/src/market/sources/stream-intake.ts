import type { Listing } from '@kabu/shared/market/types'
import { FeedOrder } from './feed-order'
import type { RealBooks } from './real-books'
import type { FeedUpdate } from './stream-feed'
import type { FeedBook } from './types'

/**
 * Where a streaming feed's updates come in: repeats and late ones dropped (FeedOrder), prints
 * into the codes' books, boards kept, and the codes they changed published. Only the codes served
 * now are taken: an update of one just let go is news to no one.
 */
export class StreamIntake {
  private readonly order = new FeedOrder()
  private readonly boards = new Map<string, FeedBook>()

  constructor(
    private readonly books: RealBooks,
    private readonly listing: (code: string) => Listing | undefined,
    private readonly serving: () => ReadonlySet<string>,
  ) {}

  take = (updates: readonly FeedUpdate[]): void => {
    const changed: string[] = []
    const serving = this.serving()
    for (const update of updates) {
      if (!serving.has(update.code)) continue
      const news = this.order.accept(update)
      const book = news && this.books.bookOf(update.code, this.listing)
      if (!book) continue
      // A board whose price time and volume did not move is its levels alone, not a print.
      if (update.tick && (news === 'later' || update.eachKeyAPrint)) book.print(update.tick)
      if (update.book) {
        const held = this.boards.get(update.code)
        this.boards.set(update.code, {
          bids: update.book.bids ?? held?.bids ?? [],
          asks: update.book.asks ?? held?.asks ?? [],
          vwap: update.book.vwap !== undefined ? update.book.vwap : (held?.vwap ?? null),
          time: update.order[0] ?? Date.now(),
        })
      }
      changed.push(update.code)
    }
    this.books.publish(changed)
  }

  /** A code no longer served: whatever comes of it next is judged afresh. */
  forget = (code: string): void => this.order.forget(code)

  board = (code: string): FeedBook | undefined => this.boards.get(code)
}
