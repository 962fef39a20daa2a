import argon2, { type HashOptions } from 'argon2'

/** argon2id cost from the settings (the floor is OWASP's: 19 MiB, 2 passes). */
export interface PasswordCost {
  memoryKib: number
  passes: number
}

export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
  /** Spends the same work as a real check; used when the account is unknown (see service.ts). */
  verifyNothing(password: string): Promise<void>
  /** True when the hash was made with a lower cost than today's settings. */
  isOutdated(hash: string): boolean
}

export function createPasswordHasher(cost: PasswordCost): PasswordHasher {
  // One lane: the 2-core machines this runs on gain nothing from more, and OWASP's figures assume p=1.
  const options: HashOptions = {
    type: argon2.argon2id,
    memoryCost: cost.memoryKib,
    timeCost: cost.passes,
    parallelism: 1,
  }
  let decoy: Promise<string> | undefined
  return {
    hash: (password) => argon2.hash(password, options),
    verify: async (hash, password) => {
      try {
        return await argon2.verify(hash, password)
      } catch {
        // A corrupt stored hash must not become a 500 at login, nor a way in.
        return false
      }
    },
    async verifyNothing(password) {
      decoy ??= argon2.hash('not a password of anyone', options)
      await argon2.verify(await decoy, password)
    },
    isOutdated: (hash) => argon2.needsRehash(hash, options),
  }
}
