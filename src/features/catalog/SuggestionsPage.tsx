import { MultiSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { CATALOG_PAGE_SIZE, CatalogMessages } from '../../../contract/catalog';
import {
  SUGGESTION_STATUS_LABELS,
  SuggestionStatuses,
  type Suggestion,
  type SuggestionStatus,
} from '../../../contract/catalog-review';
import { notifySuccess } from '../../ui/notify';
import { fetchSuggestions, reviewSuggestion } from './api';
import { showCatalogError } from './errors';
import { LoadState } from './LoadState';
import { Pager } from './Pager';
import { SuggestionRow } from './SuggestionRow';
import { useLoad } from './useLoad';

/**
 * Suggestions (docs/catalog.md): filtered by status (Open preselected), 25 a page with 5 page
 * links; an open one is accepted or rejected with a toast, and the list loads again. Accept and
 * reject are shown only to the catalog's curators, never on their own suggestions.
 */
export default function SuggestionsPage() {
  const [statuses, setStatuses] = useState<SuggestionStatus[]>(['open']);
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(
    () =>
      statuses.length === 0
        ? Promise.resolve({ count: 0, results: [] as Suggestion[], may_review: false })
        : fetchSuggestions(statuses, page, CATALOG_PAGE_SIZE),
    [statuses, page],
  );
  const { result, reload } = useLoad(load);

  async function review(s: Suggestion, action: 'accept' | 'reject') {
    setBusy(s.uuid);
    try {
      await reviewSuggestion(s, action);
      notifySuccess(action === 'accept' ? CatalogMessages.accepted : CatalogMessages.rejected);
    } catch (error) {
      await showCatalogError(error);
    } finally {
      setBusy(null);
      reload();
    }
  }

  return (
    <Stack gap="md">
      <Title order={2}>Suggestions</Title>
      <MultiSelect
        label="Status"
        data={SuggestionStatuses.map((s) => ({ value: s, label: SUGGESTION_STATUS_LABELS[s] }))}
        value={statuses}
        onChange={(v) => {
          setStatuses(v as SuggestionStatus[]);
          setPage(0);
        }}
        w="100%"
        maw={360}
      />
      <LoadState result={result} label="Loading suggestions" reload={reload}>
        {(list) =>
          list.results.length === 0 ? (
            <Text>{CatalogMessages.noSuggestions}</Text>
          ) : (
            <Stack gap="sm">
              {!list.may_review && (
                <Text size="sm" c="dimmed">
                  {CatalogMessages.notCurator}.
                </Text>
              )}
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs" aria-label="Suggestions">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>status</Table.Th>
                      <Table.Th>description</Table.Th>
                      <Table.Th>created_by</Table.Th>
                      <Table.Th>created_at</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.results.map((s) => (
                      <SuggestionRow
                        key={s.uuid}
                        suggestion={s}
                        mayReview={list.may_review}
                        busy={busy === s.uuid}
                        onReview={(action) => void review(s, action)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager page={page} count={list.count} size={CATALOG_PAGE_SIZE} onChange={setPage} />
            </Stack>
          )
        }
      </LoadState>
    </Stack>
  );
}
