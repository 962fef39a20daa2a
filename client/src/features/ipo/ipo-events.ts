import type { UserEvent } from '@kabu/shared/realtime'
import type { IPO_EVENT_TYPES } from '@kabu/shared/api/ipo'

type IpoEventType = (typeof IPO_EVENT_TYPES)[number]
type IpoEvent = Extract<UserEvent, { type: IpoEventType }>

// Named one by one (and checked complete by the type) so each event's listener can be found by
// its name (app/user-event-listeners.test.ts).
const IPO_EVENTS: Record<IpoEventType, true> = {
  'ipo:drawn': true,
  'ipo:withdrawn': true,
  'ipo:waived': true,
}

/**
 * True for the `/user` pushes that change one of the user's applications (drawn, withdrawn by the
 * operator, waived by the deadline): screens listing applications re-read on them.
 */
export const isIpoEvent = (event: UserEvent): event is IpoEvent => event.type in IPO_EVENTS
