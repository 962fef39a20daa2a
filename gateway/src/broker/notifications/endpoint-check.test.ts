import { describe, expect, it } from 'vitest'
import { endpointPolicy, isPublicAddress } from './endpoint-check'

const resolving =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const found = table[host]
    if (!found) throw new Error(`ENOTFOUND ${host}`)
    return found
  }

describe('push endpoints', () => {
  it('tells public addresses from loopback, private, link-local and the rest', () => {
    for (const address of ['8.8.8.8', '142.250.74.42', '2607:f8b0:4004:c07::5f'])
      expect(isPublicAddress(address), address).toBe(true)
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('takes https on public addresses only, every resolved address checked', async () => {
    const policy = endpointPolicy(
      [],
      resolving({
        'push.example.com': ['93.184.216.34'],
        'mixed.example.com': ['93.184.216.34', '10.0.0.5'],
        'inside.example.com': ['192.168.0.2'],
      }),
    )
    expect(await policy.check('https://push.example.com/send/abc')).toBeInstanceOf(URL)
    expect(await policy.check('https://93.184.216.34/send')).toBeInstanceOf(URL)
    expect(await policy.check('http://push.example.com/send/abc')).toBeUndefined()
    expect(await policy.check('https://mixed.example.com/x')).toBeUndefined()
    expect(await policy.check('https://inside.example.com/x')).toBeUndefined()
    expect(await policy.check('https://127.0.0.1:8443/x')).toBeUndefined()
    expect(await policy.check('https://[::1]:8443/x')).toBeUndefined()
    expect(await policy.check('https://nowhere.example.com/x')).toBeUndefined()
    expect(await policy.check('https://user:pw@push.example.com/x')).toBeUndefined()
    expect(await policy.check('not a url')).toBeUndefined()
  })

  it('lets PUSH_ENDPOINT_ALLOW name an origin on a private address, that origin only', async () => {
    const policy = endpointPolicy(['https://127.0.0.1:8443'], resolving({}))
    expect(await policy.check('https://127.0.0.1:8443/push/1')).toBeInstanceOf(URL)
    expect(await policy.check('https://127.0.0.1:9443/push/1')).toBeUndefined()
    expect(await policy.check('http://127.0.0.1:8443/push/1')).toBeUndefined()
  })
})
