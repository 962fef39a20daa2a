import { FormattedMessage } from 'react-intl'
import { SegmentTabs } from '../SegmentTabs'

export type FollowPhase = 'open' | 'ended'

/** Follow orders in progress / ended; the screens differ in their test ids' prefix only. */
export function FollowPhaseTabs(props: {
  value: FollowPhase
  onChange: (phase: FollowPhase) => void
  testIdPrefix: string
}) {
  return (
    <SegmentTabs
      value={props.value}
      onChange={props.onChange}
      tabs={[
        {
          value: 'open',
          label: <FormattedMessage id="mine.followOrder.inProgress" />,
          testId: `${props.testIdPrefix}open`,
        },
        {
          value: 'ended',
          label: <FormattedMessage id="mine.followOrder.ended" />,
          testId: `${props.testIdPrefix}ended`,
        },
      ]}
    />
  )
}
