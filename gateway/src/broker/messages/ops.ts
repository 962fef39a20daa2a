import { Router, type Response } from 'express'
import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import { opsMessageBody } from '@kabu/shared/api/ops'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { audit } from '../common/audit'
import { Refusal } from '../common/refusal'
import type { UserEvents } from '../common/user-events'
import type { MessagesService } from './service'

export interface OpsMessagesDeps {
  db: Kysely<Database>
  clock: Clock
  messages: MessagesService
  userEvents: UserEvents
}

/**
 * `POST /api/ops/messages`: an operator's plain-text message to one account or to everyone,
 * written with its audit row in one transaction; the users hear of it after the commit.
 */
export function opsMessagesRoutes({ db, clock, messages, userEvents }: OpsMessagesDeps): Router {
  const router = Router()
  router.post('/messages', async (req, res: Response) => {
    const msg = opsMessageBody.parse(req.body ?? {})
    const operator = res.locals.operator as string
    const content = { title: msg.title, summary: msg.summary, body: msg.body }
    const { account } = msg
    const sent = await db.transaction().execute(async (trx) => {
      let onlyUserId: bigint | undefined
      if (account !== undefined) {
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
          .executeTakeFirst()
        if (!user) throw new Refusal('account_not_found')
        onlyUserId = user.id
      }
      const recipients = await messages.sendToUsers(trx, content, onlyUserId)
      const target = account === undefined ? 'users:all' : `user:${account}`
      await audit(
        trx,
        {
          operator,
          action: 'message.send',
          target,
          before: null,
          after: { ...content, count: recipients.length },
        },
        clock.now(),
      )
      return recipients
    })
    for (const { userId, event } of sent) userEvents.emit(userId, event)
    res.json(ok({ sent: sent.length }))
  })
  return router
}
