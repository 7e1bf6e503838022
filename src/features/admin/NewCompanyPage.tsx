import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  ADD_USER_EMPTY_EMAIL,
  CompanyMessages,
  type CreateCompanyRequest,
  type CreateCompanyResponse,
} from '../../../contract/admin';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useApiCall } from '../../ui/useApiCall';

/**
 * New company (platform admin): the company's name and its first admin, who gets an e-mail to
 * choose a password. The company holds every permission but brick_admin.
 */
export default function NewCompanyPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [adminName, setAdminName] = useState('');
  const [busy, whileBusy] = useApiCall();
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return notifyError(CompanyMessages.emptyName);
    if (!email.trim()) return notifyError(ADD_USER_EMPTY_EMAIL);
    const body: CreateCompanyRequest = {
      name: name.trim(),
      admin_email: email.trim(),
      admin_name: adminName.trim() || null,
    };
    await whileBusy(async () => {
      const answer = await api.post('company', { json: body }).json<CreateCompanyResponse>();
      notifySuccess(answer.message);
      setDone(answer.message);
      setName('');
      setEmail('');
      setAdminName('');
    });
  }

  return (
    <Stack gap="md" maw={520}>
      <Title order={2}>New company</Title>
      <Paper withBorder p="md">
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="New company">
          <Stack>
            <TextInput
              label="Company name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label="First admin's email"
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <TextInput
              label="First admin's name"
              autoComplete="off"
              value={adminName}
              onChange={(e) => setAdminName(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              Create company
            </Button>
          </Stack>
        </form>
      </Paper>
      {done && <Text role="status">{done}</Text>}
    </Stack>
  );
}
