import { proxy } from 'valtio'

/**
 * The account typed on the login or register screen, kept when switching between the two: someone
 * who typed their account on login and then taps "register" (or back) does not type it again.
 */
export const authDraft = proxy({ account: '' })
