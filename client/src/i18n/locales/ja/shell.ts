export default {
  'common.shell.offline': 'オフラインです。接続が戻ると最新の情報を表示します。',
  'common.shell.updateReady': '新しいバージョンがあります。',
  'common.shell.updateNow': '更新',
  'common.shell.updateLater': '後で',
} satisfies Record<string, string>
