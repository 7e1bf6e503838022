import { useNavigate } from 'react-router-dom';
import { addStore } from './api';
import { StoreForm } from './StoreForm';

/** Add store: saved, it opens the new store's page. */
export default function AddStorePage() {
  const navigate = useNavigate();
  return (
    <StoreForm
      title="Add store"
      save={async (attributes) => {
        const store = await addStore(attributes);
        void navigate(`/bricksyncer/stores/${store.id}`);
      }}
    />
  );
}
