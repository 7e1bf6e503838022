/**
 * The texts of the sign-in screens, as in contract/auth AuthMessages (spec 1 §5.1, §8). They are
 * copied here because importing contract/auth would bring its zod schemas (~22 kB gzip) into the
 * first screen; texts.test.ts keeps the two identical.
 */
export const AuthTexts = {
  emailRequired: 'Email is required!',
  passwordRequired: 'Password is required!',
  passwordTooShort: 'The password must be at least 8 characters long.',
  passwordTooLong: 'The password must be at most 200 characters long.',
  resetRequested:
    'An email has been sent. If you have not received any mail, please make sure to check your spam folder.',
  passwordSet: 'Your password has been updated, you can now log-in.',
} as const;
