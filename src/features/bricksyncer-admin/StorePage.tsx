import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CREDENTIAL_FIELDS, StoreMessages } from '../../../contract/bricksyncer';
import { FactTable } from '../../ui/FactTable';
import { useStore } from './useStore';

/** View store: its name, platform, external id, currency and credentials, each masked. */
export default function StorePage() {
  const { storeId, store } = useStore();
  if (store === undefined) return <Loader />;
  if (store === null) return <Text>{StoreMessages.notFound}</Text>;
  const a = store.attributes;
  const rows: [string, string][] = [
    ['Name', a.name],
    ['Platform', a.platform],
    ['External id', a.external_id],
    ['Currency', a.currency],
    ...CREDENTIAL_FIELDS[a.platform].map((f): [string, string] => [
      f.label,
      a.credentials[f.key] || 'not set',
    ]),
  ];
  return (
    <Stack>
      <Title order={2}>{a.name}</Title>
      <FactTable facts={rows} maw={560} />
      <Group>
        <Anchor component={Link} to="/bricksyncer/stores">
          Stores
        </Anchor>
        <Anchor component={Link} to={`/bricksyncer/stores/${storeId}/edit`}>
          Edit
        </Anchor>
        <Anchor component={Link} to={`/bricksyncer/stores/${storeId}/delete`} c="red">
          Delete
        </Anchor>
      </Group>
    </Stack>
  );
}
