import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'
import bcrypt from 'bcryptjs'

/**
 * scrypt from node:crypto with N=2^15, r=8, p=1 (32 MiB of memory per hash, about 0.1 s on one
 * core): memory-hard, and no native module to build. Stored as `scrypt$N$r$p$salt$hash`.
 * Hashes imported from the reference site are bcrypt; they verify and are replaced on the next
 * successful log-in.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number; keyLength: number },
) {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 128 * params.N * params.r * 2,
  }
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, params.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, SCRYPT_PARAMS)
  const { N, r, p } = SCRYPT_PARAMS
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`
}

export type PasswordCheck = { ok: boolean; needsRehash: boolean }

export async function verifyPassword(
  password: string,
  stored: string | null,
): Promise<PasswordCheck> {
  if (!stored) return { ok: false, needsRehash: false }
  if (/^\$2[aby]\$/.test(stored)) {
    return { ok: await bcrypt.compare(password, stored), needsRehash: true }
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return { ok: false, needsRehash: false }
  const params = {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: Buffer.from(hash, 'base64').length,
  }
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), params)
  const ok = actual.length === expected.length && timingSafeEqual(actual, expected)
  const current =
    params.N === SCRYPT_PARAMS.N && params.r === SCRYPT_PARAMS.r && params.p === SCRYPT_PARAMS.p
  return { ok, needsRehash: ok && !current }
}
