import type { OpsProductBody } from '@kabu/shared/api/follow'
import { useIntl } from 'react-intl'
import { OpsForm, type FieldSpec, type FormValues } from '../ui/OpsForm'

type Field =
  | 'type'
  | 'issuer_code'
  | 'issuer'
  | 'name_ja'
  | 'name_zh'
  | 'name_en'
  | 'daily_rate'
  | 'min'
  | 'capacity'
  | 'lock_days'
  | 'opens_at'
  | 'deadline'

const START: FormValues<Field> = {
  type: 'jpy',
  issuer_code: '',
  issuer: '',
  name_ja: '',
  name_zh: '',
  name_en: '',
  daily_rate: '0.001',
  min: '10000',
  capacity: '10000000',
  lock_days: '0',
  opens_at: '',
  deadline: '',
}

/** The body of `POST /api/ops/products` from the form; the times are the browser's wall time. */
export function productBody(v: FormValues<Field>): OpsProductBody {
  return {
    type: v.type as OpsProductBody['type'],
    issuer_code: v.issuer_code.trim(),
    issuer: v.issuer,
    name: { ja: v.name_ja, zh: v.name_zh, en: v.name_en },
    daily_rate: v.daily_rate.trim(),
    min: v.min.trim(),
    capacity: v.capacity.trim(),
    lock_days: Number(v.lock_days),
    ...(v.opens_at === '' ? {} : { opens_at: new Date(v.opens_at).getTime() }),
    deadline: new Date(v.deadline).getTime(),
  }
}

/** Every field `POST /api/ops/products` takes; the gateway's refusal is shown under them. */
export function ProductForm(props: {
  onCreate: (body: OpsProductBody) => Promise<unknown>
  onDone: (answer: unknown) => void
}) {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `console.${id}` }, values)
  const name = (lang: 'ja' | 'zh' | 'en'): FieldSpec<Field> => ({
    name: `name_${lang}`,
    label: t('inLang', { field: t('products.name'), lang: t(`lang.${lang}`) }),
    required: true,
    maxLength: 100,
  })
  const fields: FieldSpec<Field>[] = [
    {
      name: 'type',
      label: t('products.type'),
      kind: 'select',
      options: (['jpy', 'usd', 'cny'] as const).map((v) => ({
        value: v,
        label: t(`products.type.${v}`),
      })),
    },
    {
      name: 'issuer_code',
      label: t('products.issuerCode'),
      help: t('products.issuerCodeHelp'),
      required: true,
      maxLength: 32,
    },
    { name: 'issuer', label: t('products.issuer'), required: true, maxLength: 100 },
    name('ja'),
    name('zh'),
    name('en'),
    {
      name: 'daily_rate',
      label: t('products.dailyRate'),
      help: t('products.dailyRateHelp'),
      required: true,
    },
    { name: 'min', label: t('products.min'), required: true },
    { name: 'capacity', label: t('products.capacity'), required: true },
    { name: 'lock_days', label: t('products.lockDays'), kind: 'number', required: true },
    { name: 'opens_at', label: t('products.opensAt'), kind: 'datetime' },
    { name: 'deadline', label: t('products.deadline'), kind: 'datetime', required: true },
  ]
  return (
    <OpsForm<Field>
      label={t('products.new')}
      fields={fields}
      initial={START}
      submitLabel={t('products.create')}
      confirmTitle={(v) => t('products.confirm', { name: v.name_ja })}
      onSubmit={(v) => props.onCreate(productBody(v))}
      onDone={props.onDone}
    />
  )
}
