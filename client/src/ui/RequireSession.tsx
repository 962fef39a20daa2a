import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { session } from '../state/session-view'

/** Screens about the user's own account send an anonymous visitor to login instead. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { token } = useSnapshot(session)
  if (!token) return <Navigate to="/login/login" replace />
  return children
}
