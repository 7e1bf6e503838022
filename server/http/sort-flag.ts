import { isFlagOn, SortFlagMessages } from '../../contract/fields';
import { badRequest } from '../errors';

/**
 * The sort order a list query asks for: the one sort flag it sets, or `fallback` when it sets
 * none. Two or more at once are refused (400), as no order can honour both.
 */
export function chosenSort<Flag extends string>(
  query: Partial<Record<Flag, string | undefined>>,
  flags: readonly Flag[],
  fallback: Flag,
): Flag {
  const on = flags.filter((flag) => isFlagOn(query[flag]));
  if (on.length > 1) throw badRequest(SortFlagMessages.oneSortFlag);
  return on[0] ?? fallback;
}
