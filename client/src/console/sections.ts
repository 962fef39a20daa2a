import { lazy } from 'react'

/** The console's pages, each its own chunk, in the order of the menu. */
export const SECTIONS = {
  reviews: lazy(() => import('./pages/ReviewsPage')),
  users: lazy(() => import('./pages/UsersPage')),
  offers: lazy(() => import('./pages/OffersPage')),
  support: lazy(() => import('./pages/SupportPage')),
  audit: lazy(() => import('./pages/AuditPage')),
  clock: lazy(() => import('./pages/ClockPage')),
  security: lazy(() => import('./pages/SecurityPage')),
} as const

export type Section = keyof typeof SECTIONS

export const isSection = (s: string): s is Section => Object.hasOwn(SECTIONS, s)
