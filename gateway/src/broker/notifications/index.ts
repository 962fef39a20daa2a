import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import type { NotifySettingsConfig } from '../../config'
import type { Database } from '../../store/index'
import type { BrokerArea } from '../common/broker-area'
import type { UserEvents } from '../common/user-events'
import { endpointPolicy } from './endpoint-check'
import { createNotifier } from './notifier'
import { createPushSender } from './push'
import { notificationsRoutes } from './routes'
import { createNotificationsService } from './service'
import { loadVapidKeys, type VapidKeys } from './vapid'

export interface NotificationsAreaDeps {
  db: Kysely<Database>
  clock: Clock
  settings: NotifySettingsConfig
  /** The `/user` hub the wrapped events go on to. */
  hub: UserEvents
  logger: Logger
  /** A PEM certificate push connections trust beside the public roots (tests only). */
  pushExtraCa?: string
}

/**
 * Notifications (issue 37): the area's calls, and `userEvents`, the areas' port wrapped so that
 * each notifiable event becomes a record and a push (notifier.ts). `start` reads (or makes) the
 * VAPID keys once the store is migrated; until then pushes are not sent and the key is not offered.
 */
export function createNotifications(deps: NotificationsAreaDeps) {
  const { db, clock, settings } = deps
  const policy = endpointPolicy(settings.endpointAllow)
  let keys: VapidKeys | undefined
  const push = createPushSender({ keys: () => keys, policy, extraCa: deps.pushExtraCa })
  const notifier = createNotifier({ db, clock, hub: deps.hub, push, logger: deps.logger })
  const service = createNotificationsService({ db, clock, policy })
  const area: BrokerArea = { name: 'notifications', routes: notificationsRoutes(service) }
  return {
    area,
    service,
    userEvents: notifier.userEvents,
    idle: notifier.idle,
    async start(): Promise<void> {
      keys = await loadVapidKeys(db, settings.vapid, clock.now())
    },
    /** The VAPID public key browsers subscribe with (base64url), once started. */
    vapidPublicKey: (): string | undefined => keys?.publicKey,
  }
}

export type Notifications = ReturnType<typeof createNotifications>
