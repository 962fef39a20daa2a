export default {
  'mine.message.title': 'メッセージ',
  'mine.message.unread': '{count, plural, =0 {すべて既読} other {未読 # 件}}',
  'mine.message.empty': 'メッセージはまだありません',
  'mine.message.failed': 'メッセージを読み込めませんでした。',
  'mine.message.retry': '再試行',
  'mine.message.loadMore': '以前のメッセージを表示',
  'mine.message.detailTitle': 'メッセージ',
  'mine.message.unreadMark': '未読',
  'mine.message.review.kyc.approved.title': '本人確認が完了しました',
  'mine.message.review.kyc.approved.summary': '本人確認が承認されました。',
  'mine.message.review.kyc.rejected.title': '本人確認ができませんでした',
  'mine.message.review.kyc.rejected.summary':
    '本人確認は承認されませんでした：{reason}。再度お申し込みいただけます。',
  'mine.message.review.deposit.approved.title': '入金が反映されました',
  'mine.message.review.deposit.approved.summary':
    '{amount} {currency} の入金（注文番号 {order_no}）が承認され、残高に反映されました。',
  'mine.message.review.deposit.rejected.title': '入金が却下されました',
  'mine.message.review.deposit.rejected.summary':
    '{amount} {currency} の入金（注文番号 {order_no}）は却下されました：{reason}。',
  'mine.message.review.withdraw.approved.title': '出金が完了しました',
  'mine.message.review.withdraw.approved.summary':
    '{amount} {currency} の出金（注文番号 {order_no}）が承認され、登録口座へ送金されました。',
  'mine.message.review.withdraw.rejected.title': '出金が却下されました',
  'mine.message.review.withdraw.rejected.summary':
    '{amount} {currency} の出金（注文番号 {order_no}）は却下され、金額は残高に戻されました：{reason}。',
  'mine.message.review.loan.approved.title': '融資が承認されました',
  'mine.message.review.loan.approved.summary': '融資の申し込み（番号 {id}）が承認されました。',
  'mine.message.review.loan.rejected.title': '融資が却下されました',
  'mine.message.review.loan.rejected.summary':
    '融資の申し込み（番号 {id}）は却下されました：{reason}。',
  'mine.message.review.block.approved.title': 'ブロック取引が承認されました',
  'mine.message.review.block.approved.summary': 'ブロック取引（番号 {id}）が承認されました。',
  'mine.message.review.block.rejected.title': 'ブロック取引が却下されました',
  'mine.message.review.block.rejected.summary':
    'ブロック取引（番号 {id}）は却下されました：{reason}。',
  'mine.message.review.credit.approved.title': '信託資金が反映されました',
  'mine.message.review.credit.approved.summary': '信託資金の申請（番号 {id}）が反映されました。',
  'mine.message.review.credit.rejected.title': '信託資金が却下されました',
  'mine.message.review.credit.rejected.summary':
    '信託資金の申請（番号 {id}）は却下されました：{reason}。',
  'mine.message.review.daytrade.approved.title': 'デイトレードが承認されました',
  'mine.message.review.daytrade.approved.summary':
    'デイトレードの申し込み（番号 {id}）が承認されました。',
  'mine.message.review.daytrade.rejected.title': 'デイトレードが却下されました',
  'mine.message.review.daytrade.rejected.summary':
    'デイトレードの申し込み（番号 {id}）は却下されました：{reason}。',
} satisfies Record<string, string>
