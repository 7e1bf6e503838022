import {
  Button,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CatalogMessages, type CatalogItem, type ObjectType } from '../../../contract/catalog';
import { notifyError } from '../../ui/notify';
import { changedFields, FIELD_LABELS, formValues } from './editFields';
import { ItemPage } from './ItemPage';
import { RelationForm } from './RelationForm';
import { useSuggest } from './useSuggest';

function EditForm({ item }: { item: CatalogItem }) {
  const navigate = useNavigate();
  const [initial] = useState(() => formValues(item));
  const [values, setValues] = useState(initial);
  const [description, setDescription] = useState('');
  const [sending, sendSuggestion] = useSuggest();
  const back =
    item.type === 'set' ? `/brickbase/setinfo/${item.uuid}` : `/brickbase/iteminfo/${item.uuid}`;

  async function send() {
    const changes = changedFields(initial, values);
    if (Object.keys(changes).length === 0) {
      notifyError(CatalogMessages.noChanges);
      return;
    }
    await sendSuggestion(
      { description, object_type: item.type as ObjectType, object_uuid: item.uuid, changes },
      () => navigate(back),
    );
  }

  return (
    <Stack gap="md">
      <Title order={2}>Edit {item.name}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {Object.keys(initial).map((field) => (
              <TextInput
                key={field}
                label={FIELD_LABELS[field] ?? field}
                value={values[field]}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setValues((cur) => ({ ...cur, [field]: v }));
                }}
              />
            ))}
          </SimpleGrid>
          <Textarea
            label="Description"
            description="Why the change: the reviewer reads this"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={1000}
            rows={2}
          />
          <Group>
            <Button type="submit" loading={sending}>
              Send suggestion
            </Button>
            <Button variant="default" onClick={() => navigate(back)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <RelationForm item={item} />
    </Stack>
  );
}

/**
 * Edit item (docs/catalog.md): a suggestion form of the item's fields; only the fields changed are
 * proposed, and nothing changed is refused with 'Suggestion unsuccessful: no changes detected'.
 * Below it, a relation to another item can be suggested.
 */
export default function EditItemPage() {
  return <ItemPage>{(item) => <EditForm key={item.uuid} item={item} />}</ItemPage>;
}
