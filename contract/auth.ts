import { z } from 'zod';

/**
 * Sign-in and session calls (spec 1 §7.1): POST /login (Basic), /logout and /login/refresh
 * (refresh token as bearer), /login/password_reset and /user/password_reset (e-mailed token as
 * bearer). Texts the user sees are quoted from spec 1 §5.1 and §8.
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
  /** spec 1 §8, reset request success. */
  resetRequested:
    'An email has been sent. If you have not received any mail, please make sure to check your spam folder.',
  /** spec 1 §8, password set success. */
  passwordSet: 'Your password has been updated, you can now log-in.',
  loggedOut: 'You have been logged out.',
} as const;

/** Too many failed sign-ins: the text shown with a 429 answer. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const SessionUserInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
});
export type SessionUserInfo = z.infer<typeof SessionUserInfo>;

export const LoginResponse = z.object({
  /** Short-lived JWT carrying the numeric permissions and the company. */
  access_token: z.string(),
  /** When the access token stops working (ISO-8601). */
  expires_at: z.string(),
  /** Opaque, single-use: each refresh returns a new one. */
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** The PWA keeps the user signed in (also offline) while this moment is in the future. */
  refresh_expires_at: z.string(),
  /** The user's permissions that the company also holds (spec 1 §6 codes). */
  permissions: z.array(z.number().int()),
  user: SessionUserInfo,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** A refresh answers with a whole new session: new access token and rotated refresh token. */
export const RefreshResponse = LoginResponse;
export type RefreshResponse = LoginResponse;

export const PasswordResetRequest = z.object({
  email: z.string().trim().min(1, AuthMessages.emailRequired).max(254),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const SetPasswordRequest = z.object({
  password: z.string().min(8, AuthMessages.passwordTooShort).max(200, AuthMessages.passwordTooLong),
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
