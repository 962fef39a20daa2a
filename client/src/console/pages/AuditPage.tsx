import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { opsCall } from '../api'
import { useLoad } from '../use-load'

interface AuditRow {
  id: string
  operator: string
  operator_id: string | null
  action: string
  target: string
  after: unknown
  at: number
}

/** The audit trail, newest first, 50 a page: who did what to what, when. */
export default function AuditPage() {
  const intl = useIntl()
  const [page, setPage] = useState(1)
  const rows = useLoad(`audit:${page}`, () => opsCall<AuditRow[]>('GET', `/audit?page=${page}`))
  return (
    <Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['at', 'operator', 'action', 'target'] as const).map((c) => (
                <TableCell key={c}>
                  <FormattedMessage id={`console.audit.${c}`} />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data?.map((r) => (
              <TableRow key={r.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {new Date(r.at).toLocaleString(intl.locale)}
                </TableCell>
                <TableCell>{r.operator}</TableCell>
                <TableCell>{r.action}</TableCell>
                <TableCell>{r.target}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          <FormattedMessage id="console.audit.newer" />
        </Button>
        <Button disabled={(rows.data?.length ?? 0) < 50} onClick={() => setPage((p) => p + 1)}>
          <FormattedMessage id="console.audit.older" />
        </Button>
      </Box>
    </Box>
  )
}
