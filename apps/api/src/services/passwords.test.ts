import bcrypt from 'bcryptjs'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.ts'

describe('passwords', () => {
  it('verifies its own hashes and rejects wrong passwords', async () => {
    const stored = await hashPassword('correct horse')
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(await verifyPassword('correct horse', stored)).toEqual({ ok: true, needsRehash: false })
    expect(await verifyPassword('wrong horse', stored)).toEqual({ ok: false, needsRehash: false })
  })

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })

  it('accepts imported bcrypt hashes and asks for a rehash', async () => {
    const imported = bcrypt.hashSync('legacy password', 4)
    expect(await verifyPassword('legacy password', imported)).toEqual({
      ok: true,
      needsRehash: true,
    })
    expect((await verifyPassword('nope', imported)).ok).toBe(false)
  })

  it('never accepts an account without a password', async () => {
    expect(await verifyPassword('anything', null)).toEqual({ ok: false, needsRehash: false })
    expect(await verifyPassword('anything', 'garbage')).toEqual({ ok: false, needsRehash: false })
  })
})
