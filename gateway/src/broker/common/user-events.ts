import type { UserEvent } from '@kabu/shared/realtime'

/**
 * Pushes an event to every open `/user` socket of one user (on every gateway, via the adapter).
 * Areas emit only after their commit; the realtime layer implements it (realtime/user.hub.ts).
 */
export interface UserEvents {
  emit(userId: bigint, event: UserEvent): void
}
