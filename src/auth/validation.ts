/** Form rules of spec section 5, as i18n keys of the message to show (null = valid). */
export const MIN_PASSWORD_LENGTH = 6;
/** What the password texts interpolate ({{min}}), so the number is written in one place only. */
export const passwordTextValues = { min: MIN_PASSWORD_LENGTH } as const;

// Deliberately basic (spec: text, @, text, dot, text): the server has the final word.
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function validateCredentials(email: string, password: string) {
  if (email.trim() === '' || password === '') return 'auth.errors.fillAllFields' as const;
  if (password.length < MIN_PASSWORD_LENGTH) return 'auth.errors.passwordTooShort' as const;
  return null;
}

export function validateResetRequest(email: string) {
  if (email.trim() === '') return 'auth.errors.enterEmailAddress' as const;
  if (!BASIC_EMAIL.test(email.trim())) return 'auth.errors.invalidEmail' as const;
  return null;
}

export function validateNewPassword(password: string, confirmation: string) {
  if (password === '' || confirmation === '') return 'auth.errors.fillAllFields' as const;
  if (password.length < MIN_PASSWORD_LENGTH) return 'auth.errors.passwordTooShort' as const;
  if (password !== confirmation) return 'auth.errors.passwordsDoNotMatch' as const;
  return null;
}
