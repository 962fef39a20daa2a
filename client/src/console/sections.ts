import { lazy } from 'react'
import type { OperatorSession } from '@kabu/shared/api/ops'

/** The console's pages, each its own chunk, in the order of the menu. */
export const SECTIONS = {
  reviews: lazy(() => import('./pages/ReviewsPage')),
  users: lazy(() => import('./pages/UsersPage')),
  offers: lazy(() => import('./pages/OffersPage')),
  products: lazy(() => import('./pages/ProductsPage')),
  news: lazy(() => import('./pages/NewsPage')),
  messages: lazy(() => import('./pages/MessagesPage')),
  support: lazy(() => import('./pages/SupportPage')),
  audit: lazy(() => import('./pages/AuditPage')),
  operators: lazy(() => import('./pages/OperatorsPage')),
  clock: lazy(() => import('./pages/ClockPage')),
  security: lazy(() => import('./pages/SecurityPage')),
} as const

export type Section = keyof typeof SECTIONS

export const isSection = (s: string): s is Section => Object.hasOwn(SECTIONS, s)

/**
 * The menu of an operator: the clock only where it can move (TIME_TRAVEL=1), the operators only
 * for an admin (a reviewer who opens its address is told it is an admin's page).
 */
export function sectionsOf(me: OperatorSession | null): Section[] {
  return (Object.keys(SECTIONS) as Section[]).filter(
    (s) =>
      (s !== 'clock' || me?.time_travel === true) &&
      (s !== 'operators' || me?.operator.role === 'admin'),
  )
}
