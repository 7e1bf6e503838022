import { z } from 'zod';
import { AuthMessages } from './auth-messages';
import { FieldMessages, hasNoNul, text } from './fields';

export { AuthMessages, tooManyAttemptsMessage } from './auth-messages';
export { MessageResponse } from './shapes';

/**
 * Sign-in and session calls (docs/access.md): POST /login (Basic), /logout and /login/refresh
 * (refresh token as bearer), /login/password_reset and /user/password_reset (e-mailed token as
 * bearer). Texts the user sees are in auth-messages.ts.
 */

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
  /** The user's permissions that the company also holds (codes of permissions.ts). */
  permissions: z.array(z.number().int()),
  user: SessionUserInfo,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** A refresh answers with a whole new session: new access token and rotated refresh token. */
export const RefreshResponse = LoginResponse;
export type RefreshResponse = LoginResponse;

export const PasswordResetRequest = z.object({
  email: text(254).min(1, AuthMessages.emailRequired),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const SetPasswordRequest = z.object({
  password: z
    .string()
    .min(8, AuthMessages.passwordTooShort)
    .max(200, AuthMessages.passwordTooLong)
    .refine(hasNoNul, { error: FieldMessages.nul }),
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;
