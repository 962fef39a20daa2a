import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSnapshot } from 'valtio'
import { OPERATOR_ROLES } from '@kabu/shared/api/ops'
import { consoleSession } from '../api'
import { createOperator, listOperators } from '../content.api'
import { LoadState } from '../ui/LoadState'
import { useNotice } from '../ui/Notice'
import { OpsForm, type FormValues } from '../ui/OpsForm'
import { useLoad } from '../use-load'

type Field = 'login' | 'display_name' | 'role' | 'password'
const START: FormValues<Field> = { login: '', display_name: '', role: 'reviewer', password: '' }

/** The people of the back office and their roles; an admin adds one (the menu hides it from others). */
export default function OperatorsPage() {
  const { me } = useSnapshot(consoleSession)
  if (me?.operator.role !== 'admin') {
    return (
      <Typography color="text.secondary">
        <FormattedMessage id="console.adminOnly" />
      </Typography>
    )
  }
  return <Operators />
}

function Operators() {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `console.${id}` }, values)
  const operators = useLoad('operators', listOperators)
  const notice = useNotice()
  const roles = OPERATOR_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 900 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          <FormattedMessage id="console.operators.new" />
        </Typography>
        <OpsForm<Field>
          label={t('operators.new')}
          fields={[
            { name: 'login', label: t('operators.login'), required: true, maxLength: 32 },
            { name: 'display_name', label: t('operators.displayName'), required: true },
            { name: 'role', label: t('operators.role'), kind: 'select', options: roles },
            {
              name: 'password',
              label: t('operators.password'),
              kind: 'password',
              required: true,
              help: t('operators.passwordHelp'),
            },
          ]}
          initial={START}
          submitLabel={t('operators.create')}
          confirmTitle={(v) => t('operators.confirm', { login: v.login })}
          onSubmit={(v) => createOperator({ ...v, role: v.role as 'admin' | 'reviewer' })}
          onDone={(answer) => {
            const { login } = answer as { login: string }
            notice.show(t('operators.created', { login }), 'success')
            operators.reload()
          }}
        />
      </Paper>
      <LoadState loaded={operators}>
        {(rows) => (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {rows.map((o) => (
              <Card component="li" key={o.id} variant="outlined">
                <CardContent
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                >
                  <Typography sx={{ flexGrow: 1, minWidth: 140 }}>
                    {o.display_name} ({o.login})
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={o.role === 'admin' ? 'primary' : 'default'}
                    label={t(`role.${o.role}`)}
                  />
                  {o.disabled && <Chip size="small" label={t('operators.disabled')} />}
                  <Typography variant="body2" color="text.secondary">
                    {new Date(o.created_at).toLocaleDateString(intl.locale)}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
      </LoadState>
      {notice.element}
    </Box>
  )
}
