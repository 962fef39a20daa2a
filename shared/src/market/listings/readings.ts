/**
 * How people type a listing's name before their IME converts it: the katakana reading of Japanese
 * names (plus a common short name where people use one) and the pinyin of Chinese names, syllables
 * separated by spaces so the initials (`gzmt` for 贵州茅台) follow from the data. Keyed by code.
 * ü is written `v`, as on every pinyin keyboard.
 */
// A table reads best one row per line.
// prettier-ignore
export const KANA_READINGS: Readonly<Record<string, readonly string[]>> = {
  '7203': ['トヨタジドウシャ'],
  '6758': ['ソニーグループ'],
  '9984': ['ソフトバンクグループ'],
  '8306': ['ミツビシユーエフジェイフィナンシャルグループ'],
  '6861': ['キーエンス'],
  '8035': ['トウキョウエレクトロン'],
  '9983': ['ファーストリテイリング', 'ユニクロ'],
  '6098': ['リクルートホールディングス'],
  '4063': ['シンエツカガクコウギョウ'],
  '6501': ['ヒタチセイサクショ'],
  '7974': ['ニンテンドウ'],
  '8058': ['ミツビシショウジ'],
  '8031': ['ミツイブッサン'],
  '4502': ['タケダヤクヒンコウギョウ'],
  '9432': ['エヌティーティー', 'ニッポンデンシンデンワ'],
  '9433': ['ケーディーディーアイ'],
  '8316': ['ミツイスミトモフィナンシャルグループ'],
  '8411': ['ミズホフィナンシャルグループ'],
  '7267': ['ホンダギケンコウギョウ'],
  '6902': ['デンソー'],
  '6367': ['ダイキンコウギョウ'],
  '4568': ['ダイイチサンキョウ'],
  '6954': ['ファナック'],
  '6981': ['ムラタセイサクショ'],
  '6752': ['パナソニックホールディングス'],
  '4661': ['オリエンタルランド'],
  '2914': ['ニホンタバコサンギョウ', 'ジェイティー'],
  '5108': ['ブリヂストン'],
  '9020': ['ヒガシニホンリョカクテツドウ', 'ジェイアールヒガシニホン'],
  '8801': ['ミツイフドウサン'],
  '9501': ['トウキョウデンリョクホールディングス'],
  '5020': ['エネオスホールディングス'],
  '8766': ['トウキョウカイジョウホールディングス'],
  '7741': ['ホーヤ'],
  '6273': ['エスエムシー'],
  '7011': ['ミツビシジュウコウギョウ'],
  '6857': ['アドバンテスト'],
  '4519': ['チュウガイセイヤク'],
  '4478': ['フリー'],
  '9348': ['アイスペース'],
  '4475': ['ヘンゲ'],
  N225: ['ニッケイヘイキンカブカ', 'ニッケイニーニーゴ'],
  TOPIX: ['トピックス', 'トウショウカブカシスウ'],
}

// prettier-ignore
export const PINYIN_READINGS: Readonly<Record<string, string>> = {
  '600519': 'gui zhou mao tai',
  '000001': 'ping an yin hang',
  '601318': 'zhong guo ping an',
  '600036': 'zhao shang yin hang',
  '601398': 'gong shang yin hang',
  '601288': 'nong ye yin hang',
  '601939': 'jian she yin hang',
  '601988': 'zhong guo yin hang',
  '601166': 'xing ye yin hang',
  '600030': 'zhong xin zheng quan',
  '300059': 'dong fang cai fu',
  '600900': 'chang jiang dian li',
  '300750': 'ning de shi dai',
  '300124': 'hui chuan ji shu',
  '002594': 'bi ya di',
  '600104': 'shang qi ji tuan',
  '000858': 'wu liang ye',
  '000333': 'mei de ji tuan',
  '000651': 'ge li dian qi',
  '600887': 'yi li gu fen',
  '601888': 'zhong guo zhong mian',
  '600276': 'heng rui yi yao',
  '300760': 'mai rui yi liao',
  '601012': 'long ji lv neng',
  '601857': 'zhong guo shi you',
  '600028': 'zhong guo shi hua',
  '601899': 'zi jin kuang ye',
  '600309': 'wan hua hua xue',
  '002415': 'hai kang wei shi',
  '002475': 'li xun jing mi',
  '688111': 'jin shan ban gong',
  '688981': 'zhong xin guo ji',
  '688041': 'hai guang xin xi',
  '688256': 'han wu ji',
  '600941': 'zhong guo yi dong',
  '601728': 'zhong guo dian xin',
  '600048': 'bao li fa zhan',
  '601006': 'da qin tie lu',
  '601111': 'zhong guo guo hang',
  '000001.SH': 'shang zheng zhi shu',
  '399001.SZ': 'shen zheng cheng zhi',
  '399006.SZ': 'chuang ye ban zhi',
}

/**
 * What a pinyin reading can be typed as: the syllables run together and their initials.
 *
 * @example pinyinKeys('gui zhou mao tai') // ['guizhoumaotai', 'gzmt']
 */
export function pinyinKeys(reading: string): [full: string, initials: string] {
  const syllables = reading.split(' ').filter(Boolean)
  return [syllables.join(''), syllables.map((s) => s[0]).join('')]
}
