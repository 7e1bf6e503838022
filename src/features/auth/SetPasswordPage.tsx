import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AuthMessages as AuthTexts } from '../../../contract/auth-messages';
import { notifySuccess } from '../../ui/notify';
import { AuthForm, PasswordField, useAuthSubmit } from './AuthForm';
import { setPassword } from './authApi';

export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

function passwordProblem(password: string): string | undefined {
  if (!password) return AuthTexts.passwordRequired;
  if (password.length < 8) return AuthTexts.passwordTooShort;
  if (password.length > 200) return AuthTexts.passwordTooLong;
  return undefined;
}

/**
 * Set password (8 to 200 characters): the single-use token in the path is the credential; then
 * back to '/' to log in.
 */
export default function SetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPasswordValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const form = useAuthSubmit(
    () => !passwordProblem(password) && repeat === password,
    async () => {
      await setPassword(token, password);
      notifySuccess(AuthTexts.passwordSet);
      navigate('/', { replace: true });
    },
    { leaves: true },
  );

  const passwordError = form.tried ? passwordProblem(password) : undefined;
  const repeatError =
    form.tried && !passwordError && repeat !== password ? PASSWORDS_DIFFER : undefined;

  return (
    <AuthForm title="Choose a new password" form={form} submitLabel="Save password">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={setPasswordValue}
        error={passwordError}
        autoFocus
      />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        value={repeat}
        onChange={setRepeat}
        error={repeatError}
      />
    </AuthForm>
  );
}
