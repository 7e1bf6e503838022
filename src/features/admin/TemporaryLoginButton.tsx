import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CompanyLoginResponse, CompanyPermissions } from '../../../contract/admin';
import { api } from '../../api/client';
import { useApiCall } from '../../ui/useApiCall';

function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code fz="md" aria-label={label}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy} aria-label={`copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * POST /company/login: creates or resets the company's support account (role admin) with a
 * temporary password valid for 24 hours; its earlier sessions end.
 */
export function TemporaryLoginButton({ company }: { company: CompanyPermissions }) {
  const [busy, whileBusy] = useApiCall();

  async function generate() {
    await whileBusy(async () => {
      const answer = await api
        .post('company/login', { json: { company_id: company.company_id } })
        .json<CompanyLoginResponse>();
      modals.open({
        title: `Temporary password for ${company.company_name}`,
        closeOnClickOutside: false,
        children: (
          <Stack gap="sm">
            <Text size="sm">Account</Text>
            <CopyValue label="account email" value={answer.email} />
            <Text size="sm">Temporary password</Text>
            <CopyValue label="temporary password" value={answer.random_string} />
            <Text size="sm" c="dimmed">
              It works until {new Date(answer.expires_at).toLocaleString()}. Generating a new one
              replaces it.
            </Text>
            <Button onClick={() => modals.closeAll()}>Close</Button>
          </Stack>
        ),
      });
    });
  }

  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      aria-label={`generate temporary password for ${company.company_name}`}
      onClick={() => void generate()}
    >
      Temporary password
    </Button>
  );
}
