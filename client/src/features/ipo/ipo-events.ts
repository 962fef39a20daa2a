import { IPO_EVENT_TYPES } from '@kabu/shared/api/ipo'
import type { UserEvent } from '@kabu/shared/realtime'

type IpoEvent = Extract<UserEvent, { type: (typeof IPO_EVENT_TYPES)[number] }>

/**
 * True for the `/user` pushes that change one of the user's applications (drawn, withdrawn by the
 * operator, waived by the deadline): screens listing applications re-read on them.
 */
export const isIpoEvent = (event: UserEvent): event is IpoEvent =>
  (IPO_EVENT_TYPES as readonly string[]).includes(event.type)
