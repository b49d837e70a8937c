import { TextInput, type TextInputProps } from './text-input.tsx';

/**
 * A login ID box: filled in by password managers as the user name, never capitalised or
 * spell-checked. Every form that asks for a login ID uses it (registration, password reset…).
 */
export function LoginIdInput(props: TextInputProps) {
  return <TextInput autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** An email address box: the email keyboard, filled in as an email, never spell-checked. */
export function EmailInput(props: TextInputProps) {
  return <TextInput type="email" autoComplete="email" spellCheck={false} {...props} />;
}
