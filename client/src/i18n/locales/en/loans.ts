/** Credit loans (features/loans). */
export default {
  // Fund records name ledger lines by kind (TransactionRecordsScreen looks these up).
  'mine.funds.kind.loan': 'Loan paid out',
  'mine.funds.kind.loan_repay': 'Loan repaid',
  'mine.loan.title': 'Loan',
  'mine.loan.score': 'Credit score',
  'mine.loan.limit': 'Loanable',
  'mine.loan.loaned': 'Owed',
  'mine.loan.rate': 'Interest {rate} % a day (every started day counts); term {days} days',
  'mine.loan.rateLabel': 'Daily interest',
  'mine.loan.term': 'Term',
  'mine.loan.days': '{days} days',
  'mine.loan.formula.title': 'How your score and limit are worked out',
  'mine.loan.formula.base': 'Every account starts at {points} points.',
  'mine.loan.formula.verified':
    '+{points} when your identity is verified (you: {yes, select, true {verified} other {not yet}}).',
  'mine.loan.formula.age':
    '+{points} for every 30 days since you registered, up to {max} (you: {days} days).',
  'mine.loan.formula.repaid':
    '+{points} for each loan repaid within its term, up to {max} (you: {count}).',
  'mine.loan.formula.overdue':
    '−{points} while a loan is past its term, and no new loan (you: {count} overdue).',
  'mine.loan.formula.limit':
    'Limit = approved deposits to this wallet × score ÷ 100 (your deposits: {deposits}); 0 until identity is verified.',
  'mine.loan.formula.interest':
    'Interest is simple: amount × daily rate × days, rounded up to the smallest coin. Repay principal and interest in one go.',
  'mine.loan.amount': 'Loan amount',
  'mine.loan.amountHint': 'Up to your limit',
  'mine.loan.submit': 'Apply for a loan',
  'mine.loan.confirmTitle': 'Apply for this loan?',
  'mine.loan.stage.pendingReview': 'Your application is being reviewed',
  'mine.loan.stage.approved': 'Your loan was paid into your wallet',
  'mine.loan.stage.rejected': 'Your application was not approved',
  'mine.loan.stage.repaid': 'Your loan is repaid',
  'mine.loan.goRepay': 'See the loan and repay',
  'mine.loan.records': 'Loan records',
  'mine.loan.again': 'Apply again',
  'mine.loan.status.0': 'In review',
  'mine.loan.status.1': 'Owed',
  'mine.loan.status.2': 'Rejected',
  'mine.loan.status.3': 'Repaid',
  'mine.loan.orderNo': 'Number',
  'mine.loan.created': 'Applied',
  'mine.loan.interest': 'Interest',
  'mine.loan.principal': 'Principal',
  'mine.loan.owed': 'To repay now',
  'mine.loan.due': 'Due',
  'mine.loan.repaidAt': 'Repaid',
  'mine.loan.repay': 'Repay in full',
  'mine.loan.repayTitle': 'Repay this loan?',
  'mine.loan.fundPassword': 'Fund password',
  'mine.loan.refresh': 'Update the amount',
} satisfies Record<string, string>
