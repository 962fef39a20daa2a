import type { ProductLine } from './line'

const screens = {
  loginPassword: '/mine/loginPassword',
  about: '/mine/about',
  privacy: '/mine/privacy',
  language: '/mine/language',
} as const

/** The account itself: its status (frozen, barred from trading), login password, about, language. */
export const account = {
  ledgerKinds: [],
  userEvents: ['account:status'],
  screens,
  mine: {
    loginPassword: screens.loginPassword,
    about: screens.about,
    privacy: screens.privacy,
    language: screens.language,
  },
} as const satisfies ProductLine
