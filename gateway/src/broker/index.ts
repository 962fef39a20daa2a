/**
 * The broker's public entry: all that the layers above it (http, ops, realtime, news) may use of
 * the broker. Areas are built and wired together by the composition root (composition/broker.ts);
 * nothing here builds anything.
 */
export { Refusal } from './common/refusal'
export type { Authenticate, SessionUser } from './common/session-user'
export type {
  BrokerCalls,
  BrokerCall,
  BrokerFile,
  BrokerFileHandler,
  BrokerHandler,
  BrokerRoutes,
} from './common/broker-calls'
export type { BrokerArea, LeaderJob } from './common/broker-area'
export type { UserEvents } from './common/user-events'
export { UploadedFile } from './common/uploaded-file'
export { audit, auditPage } from './common/audit'
export type { ReviewQueues } from './common/review-queue'
export type { Decide, Decision } from './reviews/decide'
export type { MessagesService } from './messages/service'
export type { UploadsService, Viewer } from './uploads/service'
export { operatorLabel } from './common/operator-label'
export { createLoginThrottle, type LoginTry } from './auth/login-throttle'
export { approvalsOf } from './reviews/four-eyes'
export {
  OPERATOR_FACTORS,
  createFactors,
  relyingParty,
  type AlongWith,
  type Factors,
  type RelyingPartySettings,
} from './common/factors/index'
