export default {
  'common.shell.offline': '当前处于离线状态。网络恢复后将显示最新信息。',
  'common.shell.updateReady': '有新版本可用。',
  'common.shell.updateNow': '更新',
  'common.shell.updateLater': '稍后',
} satisfies Record<string, string>
