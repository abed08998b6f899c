import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from '../../components/ui/text-field.tsx'

type NewPasswordFieldsProps = {
  password: UseFormRegisterReturn
  confirm: UseFormRegisterReturn
  passwordError?: string | undefined
  confirmError?: string | undefined
  disabled?: boolean
  autoFocus?: boolean
}

/** 'New password' (8 to 50 characters) and 'Confirm new password': a reset or a change. */
export function NewPasswordFields({
  password,
  confirm,
  passwordError,
  confirmError,
  disabled,
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="8 to 50 characters."
        autoFocus={autoFocus}
        disabled={disabled}
        error={passwordError}
        {...password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        disabled={disabled}
        error={confirmError}
        {...confirm}
      />
    </>
  )
}
