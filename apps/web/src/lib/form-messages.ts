type Issue = {
  code?: string
  origin?: string
  minimum?: unknown
  maximum?: unknown
  format?: string
  input?: unknown
}

/**
 * Field messages in our words instead of the schema library's ('Too small: expected string to
 * have >=8 characters'). Pass as `zodResolver(schema, { error: friendlyFieldMessage })`; codes it
 * does not know keep the schema's own message.
 */
export function friendlyFieldMessage(issue: Issue): string | undefined {
  if (issue.origin === 'string') {
    if (issue.code === 'too_small') {
      return issue.minimum === 1 || issue.input === ''
        ? 'This field is required.'
        : `Use at least ${String(issue.minimum)} characters.`
    }
    if (issue.code === 'too_big') return `Use at most ${String(issue.maximum)} characters.`
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') {
    return 'Enter a valid email address.'
  }
  return undefined
}
