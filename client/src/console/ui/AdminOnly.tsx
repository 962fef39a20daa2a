import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { consoleSession } from '../api'

/** Whether the signed-in operator is an admin (every change but reviews and support is theirs). */
export function useIsAdmin(): boolean {
  const { me } = useSnapshot(consoleSession)
  return me?.operator.role === 'admin'
}

/**
 * An admin's controls (create forms, the draw, the clock): shown to an admin; a reviewer, whom the
 * API refuses them with `admin_required` (gateway/src/ops/roles.ts), reads why they are not there.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  if (useIsAdmin()) return <>{children}</>
  return (
    <Typography variant="body2" color="text.secondary" data-testid="console-admin-only">
      <FormattedMessage id="console.adminOnly" />
    </Typography>
  )
}
