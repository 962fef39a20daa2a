// Every other area file of this language, new ones included without a change here.
const areas = import.meta.glob<Record<string, string>>(
  [
    '../locales/en/*.ts',
    '!../locales/en/index.ts',
    '!../locales/en/{common,login,server,shell}.ts',
  ],
  { eager: true, import: 'default' },
)

/** The texts of every screen past login, downloaded while the login screen shows. */
export default Object.assign({}, ...Object.values(areas)) as Record<string, string>
