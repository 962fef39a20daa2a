export default {
  'mine.message.title': 'Messages',
  'mine.message.unread': '{count, plural, =0 {All read} one {# unread} other {# unread}}',
  'mine.message.empty': 'No messages yet',
  'mine.message.failed': 'Your messages could not be loaded.',
  'mine.message.retry': 'Try again',
  'mine.message.loadMore': 'Show older messages',
  'mine.message.detailTitle': 'Message',
  'mine.message.unreadMark': 'Unread',
  'mine.message.review.kyc.approved.title': 'Identity verified',
  'mine.message.review.kyc.approved.summary': 'Your identity verification has been approved.',
  'mine.message.review.kyc.rejected.title': 'Identity verification failed',
  'mine.message.review.kyc.rejected.summary':
    'Your identity verification was not approved: {reason}. You can submit it again.',
  'mine.message.review.deposit.approved.title': 'Deposit credited',
  'mine.message.review.deposit.approved.summary':
    'Your deposit of {amount} {currency} (order {order_no}) has been approved and credited.',
  'mine.message.review.deposit.rejected.title': 'Deposit rejected',
  'mine.message.review.deposit.rejected.summary':
    'Your deposit of {amount} {currency} (order {order_no}) was rejected: {reason}.',
  'mine.message.review.withdraw.approved.title': 'Withdrawal paid out',
  'mine.message.review.withdraw.approved.summary':
    'Your withdrawal of {amount} {currency} (order {order_no}) has been approved and sent to your bank account.',
  'mine.message.review.withdraw.rejected.title': 'Withdrawal rejected',
  'mine.message.review.withdraw.rejected.summary':
    'Your withdrawal of {amount} {currency} (order {order_no}) was rejected and the amount returned to your balance: {reason}.',
  'mine.message.review.loan.approved.title': 'Loan approved',
  'mine.message.review.loan.approved.summary':
    'Your loan application (no. {id}) has been approved.',
  'mine.message.review.loan.rejected.title': 'Loan rejected',
  'mine.message.review.loan.rejected.summary':
    'Your loan application (no. {id}) was rejected: {reason}.',
  'mine.message.review.block.approved.title': 'Block purchase approved',
  'mine.message.review.block.approved.summary': 'Your block purchase (no. {id}) has been approved.',
  'mine.message.review.block.rejected.title': 'Block purchase rejected',
  'mine.message.review.block.rejected.summary':
    'Your block purchase (no. {id}) was rejected: {reason}.',
  'mine.message.review.credit.approved.title': 'Trust funds applied',
  'mine.message.review.credit.approved.summary':
    'Your trust funds request (no. {id}) has been applied.',
  'mine.message.review.credit.rejected.title': 'Trust funds rejected',
  'mine.message.review.credit.rejected.summary':
    'Your trust funds request (no. {id}) was rejected: {reason}.',
  'mine.message.review.daytrade.approved.title': 'Day trading approved',
  'mine.message.review.daytrade.approved.summary':
    'Your day-trading application (no. {id}) has been approved.',
  'mine.message.review.daytrade.rejected.title': 'Day trading rejected',
  'mine.message.review.daytrade.rejected.summary':
    'Your day-trading application (no. {id}) was rejected: {reason}.',
} satisfies Record<string, string>
