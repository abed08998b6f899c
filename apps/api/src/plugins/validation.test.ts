import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Refusal } from '../lib/refusal.ts'
import { KEPT_INPUTS, zodValidatorCompiler } from './validation.ts'

type Validate = (data: unknown) => { value?: unknown; error?: Error }

/** A schema that counts how often zod ran it. */
function counted() {
  const runs = { count: 0 }
  const schema = z.object({
    deck_id: z.string().transform((text) => {
      runs.count += 1
      return Number(text)
    }),
    dice: z.array(z.string()).optional(),
  })
  return { runs, schema }
}

const compile = (schema: z.ZodType, httpPart: string) =>
  zodValidatorCompiler({ schema, httpPart, method: 'GET', url: '/' }) as Validate

describe('validation of paths and queries', () => {
  it('works out the same strings once, and hands each request a copy of its own', () => {
    const { runs, schema } = counted()
    const validate = compile(schema, 'querystring')
    const first = validate({ deck_id: '64', dice: ['charm'] })
    expect(first.value).toEqual({ deck_id: 64, dice: ['charm'] })
    ;(first.value as { dice: string[] }).dice.push('time')
    const second = validate({ deck_id: '64', dice: ['charm'] })
    const third = validate({ deck_id: '64', dice: ['charm'] })
    expect(second.value).toEqual({ deck_id: 64, dice: ['charm'] })
    expect(second.value).not.toBe(third.value)
    expect(runs.count).toBe(1)
    expect(validate({ deck_id: '65' }).value).toEqual({ deck_id: 65 })
    expect(runs.count).toBe(2)
  })

  it('refuses an invalid input every time', () => {
    const validate = compile(z.object({ deck_id: z.string() }), 'params')
    for (let i = 0; i < 2; i++) {
      const { error } = validate({ deck_id: ['a', 'b'] })
      expect(error).toBeInstanceOf(Refusal)
      expect((error as Refusal).statusCode).toBe(422)
    }
    // Text PostgreSQL cannot store is refused, kept or not.
    const nul = compile(z.object({ q: z.string() }), 'querystring')
    expect(nul({ q: 'a\u0000' }).error).toBeInstanceOf(Refusal)
    expect(nul({ q: 'a\u0000' }).error).toBeInstanceOf(Refusal)
  })

  it('stays bounded, and never keeps bodies', () => {
    const { runs, schema } = counted()
    const validate = compile(schema, 'querystring')
    for (let i = 0; i <= KEPT_INPUTS; i++) validate({ deck_id: String(i) })
    runs.count = 0
    validate({ deck_id: '0' })
    expect(runs.count).toBe(1)

    const body = counted()
    const validateBody = compile(body.schema, 'body')
    validateBody({ deck_id: '1' })
    validateBody({ deck_id: '1' })
    expect(body.runs.count).toBe(2)
  })
})
