import { beforeAll, describe, expect, it } from 'vitest'
import { storeOfThisFile } from '../../../../tests/support/file-store'
import { createClock } from '../../clock'
import { seedDemo } from '../../store/seed'
import { Refusal } from '../common/refusal'
import { balancesBeforeLedger } from './balances'
import { createPasswordHasher } from '../../passwords'
import { createAuthService, SESSION_MAX_AGE_MS } from './service'

const store = storeOfThisFile()
const clock = createClock()
const passwords = createPasswordHasher({ memoryKib: 19456, passes: 2 })
let auth: ReturnType<typeof createAuthService>

beforeAll(async () => {
  await seedDemo(
    store.db,
    { account: 'demo0001', password: 'demo-pass', invite: 'DEMO2026' },
    { passwords, clock },
  )
  auth = createAuthService({
    db: store.db,
    clock,
    passwords,
    balances: balancesBeforeLedger,
    // Identity is the kyc area's (composition/identity-checks.ts); these users never verified.
    identityStatus: async () => 0,
  })
})

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no refusal',
    (error: unknown) => (error instanceof Refusal ? error.key : String(error)),
  )

describe('auth service', () => {
  it('resolves a token to its user, matching the account header without regard to case', async () => {
    const { token } = await auth.login({ account: 'DEMO0001', password: 'demo-pass' }, '127.0.0.1')
    const user = await auth.authenticate(token, 'Demo0001')
    expect(user).toMatchObject({ account: 'demo0001', tradingBarred: false })
    expect(await auth.authenticate(token, 'demo0002')).toBeNull()
    expect(await auth.authenticate(`${token}x`, 'demo0001')).toBeNull()
  })

  it('lets a session expire after its maximum age, by the injected clock', async () => {
    const { token } = await auth.login({ account: 'demo0001', password: 'demo-pass' }, '127.0.0.1')
    clock.set(Date.now() + SESSION_MAX_AGE_MS - 60_000)
    expect(await auth.authenticate(token, 'demo0001')).not.toBeNull()
    clock.set(Date.now() + SESSION_MAX_AGE_MS + 60_000)
    expect(await auth.authenticate(token, 'demo0001')).toBeNull()
    clock.set(Date.now())
  })

  it('reports trading bars, which do not stop a login', async () => {
    await store.db
      .updateTable('users')
      .set({ trading_barred: 1 })
      .where('account', '=', 'demo0001')
      .execute()
    const { token } = await auth.login({ account: 'demo0001', password: 'demo-pass' }, '127.0.0.1')
    expect(await auth.authenticate(token, 'demo0001')).toMatchObject({ tradingBarred: true })
  })

  it('gives every newcomer a distinct invite code and refuses a taken account', async () => {
    const a = await auth.register({
      account: 'alpha001',
      password: 'alpha-pass',
      invite: 'DEMO2026',
    })
    const b = await auth.register({
      account: 'beta0001',
      password: 'beta-pass',
      invite: 'DEMO2026',
    })
    const codes = await store.db.selectFrom('users').select('invite_code').execute()
    expect(new Set(codes.map((c) => c.invite_code)).size).toBe(3)
    expect(a.token).not.toBe(b.token)
    expect(
      await refusalOf(
        auth.register({ account: 'ALPHA001', password: 'x-pass', invite: 'DEMO2026' }),
      ),
    ).toBe('account_exists')
  })

  it('refuses a login with an account that cannot exist without touching the database', async () => {
    expect(
      await refusalOf(auth.login({ account: "' or 1=1 --", password: 'demo-pass' }, '127.0.0.1')),
    ).toBe('wrong_account_or_password')
  })
})
