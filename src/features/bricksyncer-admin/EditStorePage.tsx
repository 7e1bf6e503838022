import { Loader, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { StoreMessages } from '../../../contract/bricksyncer';
import { editStore } from './api';
import { StoreForm } from './StoreForm';
import { useStore } from './useStore';

/** Edit store: credentials show masked; an empty credential keeps the stored one. */
export default function EditStorePage() {
  const { storeId, store } = useStore();
  const navigate = useNavigate();
  if (store === undefined) return <Loader />;
  if (store === null) return <Text>{StoreMessages.notFound}</Text>;
  return (
    <StoreForm
      title="Edit store"
      store={store}
      save={async (attributes) => {
        await editStore(storeId, attributes);
        void navigate(`/bricksyncer/stores/${storeId}`);
      }}
    />
  );
}
