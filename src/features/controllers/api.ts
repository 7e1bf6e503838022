import type {
  ControllerListResponse,
  ControllerPreview,
  ControllerRun,
  StatusGroup,
} from '../../../contract/controllers';
import { api } from '../../api/client';

/** The controllers screen's calls (docs/catalog-import.md). Pages are zero-based. */
export function fetchControllers(
  statuses: StatusGroup[],
  page: number,
  size: number,
): Promise<ControllerListResponse> {
  return api
    .get('v3/brickbase/controllers/', {
      searchParams: { status: statuses.join(','), page, size },
    })
    .json();
}

export function startController(): Promise<ControllerRun> {
  return api.post('v3/brickbase/controller/async/').json();
}

/** What a run would change; comparing a full-size dump takes a while, hence the long timeout. */
export function fetchPreview(): Promise<ControllerPreview> {
  return api.get('v3/brickbase/controller/preview/', { timeout: 120_000 }).json();
}
