import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import { useState, type FormEvent } from 'react'
import { useIntl, type IntlShape } from 'react-intl'
import { ConfirmDialog, type SummaryLine } from './ConfirmDialog'
import { refusalText } from './errors'

export interface FieldSpec<K extends string> {
  name: K
  label: string
  /** text (the default); datetime is the browser's wall time; long is several lines. */
  kind?: 'text' | 'number' | 'password' | 'datetime' | 'long' | 'select'
  options?: ReadonlyArray<{ value: string; label: string }>
  required?: boolean
  help?: string
  /** Across the whole form (long texts). */
  wide?: boolean
  maxLength?: number
}

/** Every field's text as typed; the page turns them into the call's body. */
export type FormValues<K extends string> = Record<K, string>

/**
 * The console's one form: the fields in a grid (one column on a phone), an optional confirmation
 * that lists what will go out, the gateway's refusal in words under the fields, and a fresh form
 * after a success. `fields` may depend on the values (a field only one choice needs).
 */
export function OpsForm<K extends string>(props: {
  label: string
  fields: FieldSpec<K>[] | ((values: FormValues<K>) => FieldSpec<K>[])
  initial: FormValues<K>
  submitLabel: string
  /** When given, the question asked before sending. */
  confirmTitle?: (values: FormValues<K>) => string
  onSubmit: (values: FormValues<K>) => Promise<unknown>
  onDone?: (answer: unknown) => void
}) {
  const intl = useIntl()
  const [values, setValues] = useState(props.initial)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const fields = typeof props.fields === 'function' ? props.fields(values) : props.fields

  const send = () => {
    setAsking(false)
    setBusy(true)
    setError(undefined)
    props
      .onSubmit(values)
      .then(
        (answer) => {
          setValues(props.initial)
          props.onDone?.(answer)
        },
        (e: unknown) => setError(refusalText(intl, e)),
      )
      .finally(() => setBusy(false))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (props.confirmTitle) setAsking(true)
    else send()
  }

  return (
    <Box
      component="form"
      aria-label={props.label}
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 1.5,
        my: 1,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
      }}
    >
      {fields.map((f) => (
        <TextField
          key={f.name}
          name={f.name}
          size="small"
          label={f.label}
          helperText={f.help}
          required={f.required}
          value={values[f.name]}
          onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          type={INPUT_TYPE[f.kind ?? 'text']}
          select={f.kind === 'select'}
          multiline={f.kind === 'long'}
          minRows={f.kind === 'long' ? 3 : undefined}
          sx={f.wide ? { gridColumn: '1 / -1' } : undefined}
          slotProps={{
            htmlInput: { maxLength: f.maxLength },
            select: { native: true },
            inputLabel: f.kind === 'datetime' || f.kind === 'select' ? { shrink: true } : undefined,
          }}
        >
          {f.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </TextField>
      ))}
      {error && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {error}
        </Alert>
      )}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {props.submitLabel}
        </Button>
      </Box>
      {asking && props.confirmTitle && (
        <ConfirmDialog
          title={props.confirmTitle(values)}
          lines={summary(intl, fields, values)}
          onConfirm={send}
          onClose={() => setAsking(false)}
        />
      )}
    </Box>
  )
}

const INPUT_TYPE = {
  text: 'text',
  number: 'number',
  password: 'password',
  datetime: 'datetime-local',
  long: 'text',
  select: undefined,
} as const

/** What the confirmation lists: each filled field as the operator will recognise it. */
function summary<K extends string>(
  intl: IntlShape,
  fields: FieldSpec<K>[],
  values: FormValues<K>,
): SummaryLine[] {
  return fields
    .filter((f) => values[f.name] !== '')
    .map((f) => {
      const raw = values[f.name]
      const value =
        f.kind === 'password'
          ? '••••••••'
          : f.kind === 'select'
            ? (f.options?.find((o) => o.value === raw)?.label ?? raw)
            : f.kind === 'datetime'
              ? new Date(raw).toLocaleString(intl.locale)
              : raw
      return { label: f.label, value }
    })
}
