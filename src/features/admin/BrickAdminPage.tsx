import { Group, Stack, Title } from '@mantine/core';
import type { CompanyListResponse } from '../../../contract/admin';
import { CompanyPermissionMatrix } from './CompanyPermissionMatrix';
import { DownloadLogsButton } from './DownloadLogsButton';
import { LoadStatus } from './LoadStatus';
import { useApiData } from './useApiData';

/** Company administration for the platform operator (brick_admin): permissions, temporary login. */
export default function BrickAdminPage() {
  const companies = useApiData<CompanyListResponse>('company');

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Company administration</Title>
        <DownloadLogsButton />
      </Group>
      <section aria-labelledby="companies-title">
        <Title order={3} id="companies-title" mb="sm">
          Companies and permissions
        </Title>
        {companies.data ? (
          <CompanyPermissionMatrix list={companies.data} update={companies.setData} />
        ) : (
          <LoadStatus
            loading={companies.loading}
            what="companies"
            onRetry={() => void companies.reload()}
          />
        )}
      </section>
    </Stack>
  );
}
