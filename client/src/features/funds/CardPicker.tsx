import type { BankCard } from '@kabu/shared/api/banks'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import { FormattedMessage } from 'react-intl'

// A variable, not a literal: data-* attributes are fine on the input but not in the prop's type.
const testId = (id: string) => ({ 'data-testid': id }) as object

/** Which of the user's own cards receives the money. */
export function CardPicker({
  cards,
  value,
  onChange,
}: {
  cards: BankCard[]
  value: string
  onChange: (id: string) => void
}) {
  return (
    <div>
      <FormLabel>
        <FormattedMessage id="mine.funds.withdraw.card" />
      </FormLabel>
      <RadioGroup value={value} onChange={(_, v) => onChange(v)}>
        {cards.map((card) => (
          <FormControlLabel
            key={card.id}
            value={String(card.id)}
            control={<Radio slotProps={{ input: testId(`withdraw-card-${card.id}`) }} />}
            label={`${card.bank_name} ${card.branch_name} ${card.card_number_masked}`}
          />
        ))}
      </RadioGroup>
    </div>
  )
}
