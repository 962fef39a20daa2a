/* global document */
// Runs before the app: the page's language is right from the first paint (screen readers, fonts,
// line breaking). Mirrors parseLocale in src/i18n/locale.ts, including the legacy jp/cn/us values.
;(function () {
  var known = {
    ja: 'ja',
    'zh-CN': 'zh-CN',
    en: 'en',
    jp: 'ja',
    cn: 'zh-CN',
    us: 'en',
    zh: 'zh-CN',
    'zh-cn': 'zh-CN',
  }
  var stored = null
  try {
    stored = localStorage.getItem('language')
  } catch {
    stored = null
  }
  document.documentElement.lang = (stored && (known[stored] || known[stored.toLowerCase()])) || 'ja'
})()
