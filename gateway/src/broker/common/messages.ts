import type { Kysely } from 'kysely'
import type { Database } from '../../store/index'

/** How an area tells a user something in their inbox (the messages area implements it). */
export interface Messages {
  /**
   * Inside the caller's transaction. title/summary are i18n keys (client translates, params
   * interpolated) or plain text from an operator. The user hears of it (`message:new`) once the
   * transaction has committed.
   */
  send(
    trx: Kysely<Database>,
    msg: {
      userId: bigint
      title: string
      summary: string
      body?: string
      params?: Record<string, string>
    },
  ): Promise<void>
}
