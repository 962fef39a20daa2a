import { describe, expect, it } from 'vitest'
import { encodeForm, brokerUrl } from './form'

describe('form encoding', () => {
  it('encodes fields, leaves out undefined ones and escapes what needs it', () => {
    expect(encodeForm({ account: 'taro', type: 'jpy', num: 100, price: undefined })).toBe(
      'account=taro&type=jpy&num=100',
    )
    expect(encodeForm({ q: 'トヨタ & co=1' })).toBe('q=%E3%83%88%E3%83%A8%E3%82%BF+%26+co%3D1')
    expect(encodeForm()).toBe('')
  })

  it('joins the base and the path with exactly one slash', () => {
    expect(brokerUrl('/api/vue', '/user/login')).toBe('/api/vue/user/login')
    expect(brokerUrl('/api/vue/', 'user/login')).toBe('/api/vue/user/login')
  })
})
