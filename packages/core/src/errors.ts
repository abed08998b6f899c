import { z } from 'zod'

/** One item of a 422 body (API.md §2.1), in the shape clients print as "Invalid submission:". */
export const validationIssueSchema = z.object({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.unknown(),
  ctx: z.record(z.string(), z.unknown()).optional(),
})
export type ValidationIssue = z.infer<typeof validationIssueSchema>

export const errorBodySchema = z.object({ detail: z.string() })
export const validationErrorBodySchema = z.object({ detail: z.array(validationIssueSchema) })
export type ErrorBody = z.infer<typeof errorBodySchema>
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>

export function isValidationErrorBody(body: unknown): body is ValidationErrorBody {
  return validationErrorBodySchema.safeParse(body).success
}
