import {
  OperationNodeTransformer,
  type IdentifierNode,
  type Kysely,
  type KyselyPlugin,
  type UnknownRow,
} from 'kysely'
import type { Database } from '../../../store/index'
import type {
  PasskeysTable,
  TotpSecretsTable,
  WebauthnChallengesTable,
} from '../../../store/schema/second-factor'

/**
 * The second-factor code is written once, against these three tables whose owner column is
 * `owner_id`; customers' factors live in `passkeys`, `webauthn_challenges`, `totp_secrets` (owner
 * `user_id`, migration 0023), operators' in the `operator_*` tables of migration 0025 (owner
 * `operator_id`). `factorStore` hands the code a Kysely that renames those identifiers in every
 * query and renames them back in every row, so the same SQL (the single-use challenge, the TOTP
 * throttle in one statement) serves both without a copy.
 */
type Owned<T, Owner extends string> = Omit<T, Owner> & { owner_id: T[Extract<keyof T, Owner>] }

export interface FactorDatabase {
  factor_passkeys: Owned<PasskeysTable, 'user_id'>
  factor_challenges: Owned<WebauthnChallengesTable, 'user_id'>
  factor_totp: Owned<TotpSecretsTable, 'user_id'>
}

/** Where one kind of person's factors are kept, and how their WebAuthn user handle is made. */
export interface FactorTableNames {
  passkeys: keyof Database
  challenges: keyof Database
  totp: keyof Database
  owner: 'user_id' | 'operator_id'
  /** Prefix of the WebAuthn user handle: a customer's and an operator's never coincide. */
  handle: string
}

export const CUSTOMER_FACTORS: FactorTableNames = {
  passkeys: 'passkeys',
  challenges: 'webauthn_challenges',
  totp: 'totp_secrets',
  owner: 'user_id',
  handle: 'kabu-user-',
}

export const OPERATOR_FACTORS: FactorTableNames = {
  passkeys: 'operator_passkeys',
  challenges: 'operator_webauthn_challenges',
  totp: 'operator_totp_secrets',
  owner: 'operator_id',
  handle: 'kabu-operator-',
}

class Rename extends OperationNodeTransformer {
  constructor(private readonly names: ReadonlyMap<string, string>) {
    super()
  }

  protected override transformIdentifier(node: IdentifierNode): IdentifierNode {
    const name = this.names.get(node.name)
    return name === undefined ? super.transformIdentifier(node) : { ...node, name }
  }
}

function renaming(to: ReadonlyMap<string, string>): KyselyPlugin {
  const back = new Map([...to].map(([canonical, real]) => [real, canonical]))
  const transformer = new Rename(to)
  const rowBack = (row: UnknownRow): UnknownRow =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [back.get(k) ?? k, v]))
  return {
    transformQuery: (args) => transformer.transformNode(args.node),
    transformResult: async ({ result }) => ({ ...result, rows: result.rows.map(rowBack) }),
  }
}

/** What is written in the same transaction as a factor's change (an operator's audit row). */
export type AlongWith = (trx: Kysely<Database>) => Promise<void>

export interface FactorStore {
  /** The store seen through the canonical names: what the factor code queries. */
  tables: Kysely<FactorDatabase>
  /** One transaction of the store, seen both ways: for a change and what goes along with it. */
  transaction<T>(
    fn: (tables: Kysely<FactorDatabase>, trx: Kysely<Database>) => Promise<T>,
  ): Promise<T>
}

export function factorStore(db: Kysely<Database>, names: FactorTableNames): FactorStore {
  const plugin = renaming(
    new Map<string, string>([
      ['factor_passkeys', names.passkeys],
      ['factor_challenges', names.challenges],
      ['factor_totp', names.totp],
      ['owner_id', names.owner],
    ]),
  )
  const view = (k: Kysely<Database>) => k.withPlugin(plugin) as unknown as Kysely<FactorDatabase>
  return {
    tables: view(db),
    transaction: (fn) => db.transaction().execute((trx) => fn(view(trx), trx)),
  }
}
