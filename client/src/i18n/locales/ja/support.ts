export default {
  'mine.support.title': 'カスタマーサポート',
  'mine.support.new': '新しい問い合わせ',
  'mine.support.external': 'その他のお問い合わせ方法',
  'mine.support.empty': 'まだ問い合わせはありません',
  'mine.support.loadMore': '以前の問い合わせを表示',
  'mine.support.hint':
    '担当者がこちらで回答します（通常1営業日以内）。回答は再読み込みなしで表示されます。',
  'mine.support.status.open': '回答待ち',
  'mine.support.status.answered': '回答済み',
  'mine.support.status.closed': '終了',
  'mine.support.unread': '新しい回答 {count} 件',
  'mine.support.photo': '写真',
  'mine.support.fromSupport': 'サポート：',
  'mine.support.agent': 'カスタマーサポート',
  'mine.support.start':
    '下の欄にご質問をご記入ください。スクリーンショットなどの写真も添付できます。',
  'mine.support.closed':
    'この問い合わせは終了しました。引き続きお困りの場合は新しい問い合わせを開始してください。',
  'mine.support.attached': '添付した写真',
  'mine.support.removePhoto': '写真を削除',
  'mine.support.attach': '写真を添付',
  'mine.support.placeholder': 'メッセージ',
  'mine.support.send': '送信',
} satisfies Record<string, string>
