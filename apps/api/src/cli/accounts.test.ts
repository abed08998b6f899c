import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { verifyPassword } from '../services/passwords.ts'
import { CommandError, createUser, setLogIn } from './accounts.ts'

describe('operator account commands', () => {
  let test: TestDatabase
  let db: Db
  const player = async (badge: string) =>
    (await db.select().from(users).where(eq(users.badge, badge)))[0]

  beforeAll(async () => {
    test = await createTestDatabase()
    db = test.database.db
    // An imported player: no e-mail, no password.
    await db.insert(users).values({ badge: '3000', username: 'IsaacBot' })
  })
  afterAll(async () => {
    await test.drop()
  })

  it('creates a player with a fresh badge and a hashed password', async () => {
    const created = await createUser(db, {
      email: ' New@Example.org',
      username: 'Newcomer',
      password: 'correct horse battery',
      isAdmin: true,
    })
    expect(created).toMatchObject({ username: 'Newcomer', email: 'new@example.org', isAdmin: true })
    const row = await player(created.badge)
    expect(row).toMatchObject({ email: 'new@example.org', isAdmin: true })
    expect(row?.password).not.toContain('correct horse')
    expect((await verifyPassword('correct horse battery', row?.password ?? null)).ok).toBe(true)
  })

  it('gives an imported player a log-in, keeping admin rights unless granted', async () => {
    const result = await setLogIn(db, {
      badge: '3000',
      email: 'bot@example.org',
      password: 'a long password',
      isAdmin: false,
    })
    expect(result).toEqual({
      badge: '3000',
      username: 'IsaacBot',
      email: 'bot@example.org',
      isAdmin: false,
    })
    const row = await player('3000')
    expect((await verifyPassword('a long password', row?.password ?? null)).ok).toBe(true)
    // Setting the same e-mail again (a new password) is allowed.
    await setLogIn(db, {
      badge: '3000',
      email: 'BOT@example.org',
      password: 'newer password',
      isAdmin: true,
    })
    expect(await player('3000')).toMatchObject({ email: 'bot@example.org', isAdmin: true })
  })

  it.each<[string, () => Promise<unknown>, string]>([
    [
      'an e-mail in use',
      () =>
        createUser(db, {
          email: 'bot@example.org',
          username: 'Twin',
          password: 'long enough',
          isAdmin: false,
        }),
      '--email: bot@example.org already belongs to player 3000',
    ],
    [
      'a password shorter than 8',
      () =>
        createUser(db, {
          email: 'a@example.org',
          username: 'Shorty',
          password: 'seven77',
          isAdmin: false,
        }),
      '--password: must be 8 to 50 characters long',
    ],
    [
      'a password longer than 50',
      () =>
        createUser(db, {
          email: 'a@example.org',
          username: 'Wordy',
          password: 'x'.repeat(51),
          isAdmin: false,
        }),
      '--password: must be 8 to 50 characters long',
    ],
    [
      'an invalid e-mail',
      () =>
        createUser(db, {
          email: 'nope',
          username: 'Nobody',
          password: 'long enough',
          isAdmin: false,
        }),
      '--email: nope is not a valid e-mail address',
    ],
    [
      'a one-letter username',
      () =>
        createUser(db, {
          email: 'a@example.org',
          username: 'A',
          password: 'long enough',
          isAdmin: false,
        }),
      '--username: must be 2 to 42 characters long',
    ],
    [
      'an unknown badge',
      () =>
        setLogIn(db, {
          badge: '9zz!',
          email: 'x@example.org',
          password: 'long enough',
          isAdmin: false,
        }),
      '--badge: no player has the badge 9zz!',
    ],
    [
      "another player's e-mail",
      () =>
        setLogIn(db, {
          badge: '3000',
          email: 'new@example.org',
          password: 'long enough',
          isAdmin: false,
        }),
      '--email: new@example.org already belongs to player',
    ],
  ])('refuses %s', async (_, attempt, message) => {
    const failure = attempt()
    await expect(failure).rejects.toBeInstanceOf(CommandError)
    await expect(failure).rejects.toThrow(message)
  })
})
