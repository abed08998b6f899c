import { LIMITS } from '@spellboard/core/limits'
import { passwordSchema, usernameSchema } from '@spellboard/core/users'
import { z } from 'zod'

export const PASSWORD_MISMATCH = 'Passwords do not match.'

/** The finalize-account form: the registration body, with the mismatch placed on the confirm field. */
export const finalizeFormSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    password_confirm: z.string().min(1),
    description: z.string().max(LIMITS.longText),
    newsletter_opt_in: z.boolean(),
  })
  .refine((values) => values.password === values.password_confirm, {
    message: PASSWORD_MISMATCH,
    path: ['password_confirm'],
  })
export type FinalizeFormValues = z.infer<typeof finalizeFormSchema>

/** SPEC §5: every required field filled and the two passwords equal. */
export function canSubmitFinalize(values: Partial<FinalizeFormValues>): boolean {
  return Boolean(
    values.username?.trim() &&
      values.password &&
      values.password_confirm &&
      values.password === values.password_confirm,
  )
}

/** The confirmation is marked invalid as soon as both are typed and differ. */
export function passwordsDiffer(password = '', confirm = ''): boolean {
  return password !== '' && confirm !== '' && password !== confirm
}
