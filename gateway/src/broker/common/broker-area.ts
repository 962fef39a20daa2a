import type { Router } from 'express'
import type { BrokerCalls } from './broker-calls'

/**
 * Work only the leader runs (issue 16): started when this gateway takes the lead, stopped (its
 * pass in flight awaited) when it lets go. Each pass is also guarded in the store.
 */
export interface LeaderJob {
  start(): void | Promise<void>
  stop(): Promise<void>
}

/**
 * What every broker area hands the composition root, the one shape it iterates: the /api/vue
 * router registers every area's `routes`, the back office mounts every `opsRoutes`, the leader
 * starts every `jobs` (in the areas' order, and stops them in reverse). Review queues are
 * registered by the areas themselves on the `ReviewQueues` they are given.
 */
export interface BrokerArea {
  /** The area's folder under broker/ (logs and tests name it so). */
  name: string
  /** Its customer calls on /api/vue. */
  routes?: BrokerCalls
  /** Its back-office calls, mounted on /api/ops behind the operator's login. */
  opsRoutes?: Router
  /** What only the leader runs, in start order. */
  jobs?: readonly LeaderJob[]
}
