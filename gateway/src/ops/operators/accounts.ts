import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { Refusal, audit, operatorLabel } from '../../broker/index'
import type { Clock } from '../../clock'
import type { PasswordHasher } from '../../passwords'
import {
  isUniqueViolation,
  type Database,
  type OperatorRole,
  type OperatorSecondFactor,
} from '../../store/index'

/** Who is calling /api/ops: a person (an operator account) or the script token. */
export interface OperatorIdentity {
  /** The audit trail's name: `login#id` for a person, `ops` for the token. */
  label: string
  role: OperatorRole
  /** Undefined for the script token. */
  id?: bigint
  login?: string
  displayName?: string
  /** The factor the person's session was opened with; null: the password alone. */
  secondFactor?: OperatorSecondFactor | null
}

/** What a login offers beyond the password, and the page it came from (a passkey signs for one). */
export interface OperatorProof {
  passkey?: string | undefined
  totp?: string | undefined
  site: { host: string; origin: string | undefined }
}

/**
 * An operator's second factor (operators/factors.ts), called after the password matched: the
 * factor that passed, or null for an operator who holds none.
 *
 * @throws Refusal when a held factor is missing or wrong
 */
export type SecondFactor = (
  operatorId: bigint,
  proof: OperatorProof,
) => Promise<OperatorSecondFactor | null>

export interface OperatorAccountsDeps {
  db: Kysely<Database>
  clock: Clock
  passwords: PasswordHasher
  /** How long an operator's session lasts without a new login. */
  sessionTtlMs: number
  /** When set, a login must also pass it (operators/factors.ts). Unset: the password alone. */
  secondFactor?: SecondFactor
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Operator accounts, kept in their own table: create (the demo seed, an admin), log in with an
 * argon2id password into a session whose bearer token the console sends like OPS_TOKEN, resolve a
 * token to its person and role, log out. Only the token's SHA-256 is stored.
 */
export function createOperatorAccounts(deps: OperatorAccountsDeps) {
  const { db, clock, passwords } = deps

  async function create(input: {
    login: string
    displayName: string
    role: OperatorRole
    password: string
    by: string
  }): Promise<bigint> {
    const passwordHash = await passwords.hash(input.password)
    try {
      return await db.transaction().execute(async (trx) => {
        const now = clock.now()
        const row = await trx
          .insertInto('operators')
          .values({
            login: input.login.toLowerCase(),
            display_name: input.displayName,
            role: input.role,
            password_hash: passwordHash,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(
          trx,
          {
            operator: input.by,
            action: 'operator.create',
            target: `operator:${input.login.toLowerCase()}`,
            before: null,
            after: { login: input.login.toLowerCase(), role: input.role, id: row.id },
          },
          now,
        )
        return row.id
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal('account_exists')
      throw error
    }
  }

  async function login(
    loginName: string,
    password: string,
    proof: OperatorProof = { site: { host: '', origin: undefined } },
  ) {
    const operator = await db
      .selectFrom('operators')
      .selectAll()
      .where('login', '=', loginName.toLowerCase())
      .executeTakeFirst()
    if (!operator || operator.disabled !== 0n) {
      // The same work as a real check: a wrong login must not answer faster than a wrong password.
      await passwords.verifyNothing(password)
      throw new Refusal('wrong_account_or_password')
    }
    if (!(await passwords.verify(operator.password_hash, password))) {
      throw new Refusal('wrong_account_or_password')
    }
    const secondFactor = deps.secondFactor ? await deps.secondFactor(operator.id, proof) : null
    const token = randomBytes(32).toString('base64url')
    const now = clock.now()
    await db
      .insertInto('operator_sessions')
      .values({
        token_hash: hashToken(token),
        operator_id: operator.id,
        created_at: now,
        expires_at: now + deps.sessionTtlMs,
        second_factor: secondFactor,
      })
      .execute()
    return { token, operator: { ...identityOf(operator), secondFactor } }
  }

  async function authenticate(token: string): Promise<OperatorIdentity | undefined> {
    const row = await db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['o.id', 'o.login', 'o.display_name', 'o.role', 's.expires_at', 's.second_factor'])
      .where('s.token_hash', '=', hashToken(token))
      .where('s.revoked_at', 'is', null)
      .where('o.disabled', '=', 0n)
      .executeTakeFirst()
    if (!row || Number(row.expires_at) <= clock.now()) return undefined
    return { ...identityOf(row), secondFactor: row.second_factor }
  }

  async function logout(token: string): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ revoked_at: clock.now() })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute()
  }

  const list = () =>
    db
      .selectFrom('operators')
      .select(['id', 'login', 'display_name', 'role', 'disabled', 'created_at'])
      .orderBy('id')
      .execute()

  /** The person's password again, before they change their own factors. */
  async function checkPassword(operatorId: bigint, password: string): Promise<boolean> {
    const row = await db
      .selectFrom('operators')
      .select('password_hash')
      .where('id', '=', operatorId)
      .executeTakeFirst()
    if (!row) return passwords.verifyNothing(password).then(() => false)
    return passwords.verify(row.password_hash, password)
  }

  return { create, login, authenticate, logout, list, checkPassword }
}

function identityOf(row: {
  id: bigint
  login: string
  display_name: string
  role: OperatorRole
}): OperatorIdentity {
  return {
    label: operatorLabel(row.login, row.id),
    role: row.role,
    id: row.id,
    login: row.login,
    displayName: row.display_name,
  }
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>
