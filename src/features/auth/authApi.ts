import type { LoginResponse } from '../../../contract/auth';
import { api } from '../../api/client';

function basicCredentials(email: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

/** POST /login with HTTP Basic credentials (e-mail and password); answers the session's tokens. */
export function logIn(email: string, password: string): Promise<LoginResponse> {
  return api
    .post('login', { headers: { Authorization: basicCredentials(email, password) } })
    .json<LoginResponse>();
}

/** POST /login/password_reset: the server e-mails a set-password link. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('login/password_reset', { json: { email } });
}

/** POST /user/password_reset with the e-mailed token as the bearer. */
export async function setPassword(token: string, password: string): Promise<void> {
  await api.post('user/password_reset', {
    json: { password },
    headers: { Authorization: `Bearer ${token}` },
  });
}
