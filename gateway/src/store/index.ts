export { openStore, type Store, type StoreKind } from './database'
export { migrateToLatest } from './migrate'
export { isUniqueViolation } from './errors'
export type { Database, User, NewUser, Session, UserStatus } from './schema'
