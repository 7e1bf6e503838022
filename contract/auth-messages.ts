/**
 * Texts of sign-in and session calls (docs/access.md). Kept free of zod so the
 * first screen can import them without the schemas.
 */
export const AuthMessages = {
  emailRequired: 'Email is required!',
  passwordRequired: 'Password is required!',
  invalidCredentials: 'Invalid e-mail or password.',
  passwordExpired:
    'Your temporary password has expired. Use "Forgot password" to choose a new one.',
  missingBasic: 'Sign in with your e-mail and password (Basic authorization).',
  missingBearer: 'Send the token as "Authorization: Bearer <token>".',
  sessionEnded: 'Your session has ended. Please log in again.',
  linkExpired: 'This link has expired or has already been used. Please request a new one.',
  passwordTooShort: 'The password must be at least 8 characters long.',
  passwordTooLong: 'The password must be at most 200 characters long.',
  /** A reset was requested (the same text whether or not the address has an account). */
  resetRequested:
    'An email has been sent. If you have not received any mail, please make sure to check your spam folder.',
  /** The password was set with an e-mailed link. */
  passwordSet: 'Your password has been updated, you can now log-in.',
  loggedOut: 'You have been logged out.',
  /** Too many sign-ins at the same moment: the server asks to try again shortly (503). */
  busy: 'The server is busy signing in other users. Please try again in a moment.',
} as const;

/** Too many failed sign-ins: the text shown with a 429 answer. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
