import { describe, expect, it } from 'vitest';
import { InventoryMessages } from '../../../contract/inventory';
import {
  allChosen,
  conditionMap,
  exportReducer,
  initialExportState,
  linkText,
  progressPercent,
  type ExportAction,
  type ExportState,
} from './exportState';

const CONDITIONS = [
  { condition_name: 'NEW', new_condition_name: 'New' },
  { condition_name: 'LIKE_NEW', new_condition_name: 'Like new' },
  { condition_name: 'GOOD', new_condition_name: 'Good' },
];

function play(...actions: ExportAction[]): ExportState {
  return actions.reduce(exportReducer, initialExportState);
}

const loaded: ExportAction = { type: 'conditionsLoaded', conditions: CONDITIONS };
const chooseAll: ExportAction[] = [
  { type: 'choose', conditionName: 'NEW', choice: 'N' },
  { type: 'choose', conditionName: 'LIKE_NEW', choice: 'U' },
  { type: 'choose', conditionName: 'GOOD', choice: 'U' },
];

describe('condition mapping of the inventory export', () => {
  it('needs a choice for every condition before converting', () => {
    const partly = play(loaded, chooseAll[0], chooseAll[1]);
    expect(allChosen(partly)).toBe(false);
    expect(exportReducer(partly, { type: 'start' }).phase).toEqual({ kind: 'choosing' });
    expect(allChosen(play())).toBe(false);

    const all = play(loaded, ...chooseAll);
    expect(allChosen(all)).toBe(true);
    expect(conditionMap(all)).toEqual({ NEW: 'N', LIKE_NEW: 'U', GOOD: 'U' });
  });

  it("shows 'Loading....' while converting, then 'Download BSX-File'", () => {
    const converting = play(loaded, ...chooseAll, { type: 'start' });
    expect(linkText(converting.phase)).toBe(InventoryMessages.loading);
    expect(linkText(converting.phase)).toBe('Loading....');
    expect(progressPercent(converting.phase)).toBe(0);

    const half = exportReducer(converting, { type: 'progress', done: 500, total: 1000 });
    expect(progressPercent(half.phase)).toBe(50);

    const ready = exportReducer(half, { type: 'ready', url: 'blob:x', lots: 1000 });
    expect(ready.phase).toEqual({ kind: 'ready', url: 'blob:x', lots: 1000 });
    expect(linkText(ready.phase)).toBe('Download BSX-File');
    expect(linkText(play(loaded).phase)).toBeNull();
  });

  it('keeps the choices fixed while converting and makes a finished file stale on a change', () => {
    const converting = play(loaded, ...chooseAll, { type: 'start' });
    const ignored = exportReducer(converting, {
      type: 'choose',
      conditionName: 'GOOD',
      choice: 'N',
    });
    expect(ignored).toBe(converting);
    expect(exportReducer(converting, { type: 'start' })).toBe(converting);

    const ready = exportReducer(converting, { type: 'ready', url: 'blob:x', lots: 3 });
    const changed = exportReducer(ready, { type: 'choose', conditionName: 'GOOD', choice: 'N' });
    expect(changed.phase).toEqual({ kind: 'choosing' });
    expect(conditionMap(changed).GOOD).toBe('N');
  });

  it('ignores progress and results that arrive when no conversion runs', () => {
    const choosing = play(loaded, ...chooseAll);
    expect(exportReducer(choosing, { type: 'progress', done: 1, total: 2 })).toBe(choosing);
    expect(exportReducer(choosing, { type: 'ready', url: 'blob:y', lots: 2 })).toBe(choosing);
  });

  it('a failure ends the conversion and allows another one', () => {
    const failed = play(loaded, ...chooseAll, { type: 'start' }, { type: 'failed', message: 'x' });
    expect(linkText(failed.phase)).toBeNull();
    expect(exportReducer(failed, { type: 'start' }).phase.kind).toBe('converting');
  });

  it('keeps choices of conditions that are loaded again and drops vanished ones', () => {
    const chosen = play(loaded, ...chooseAll);
    const reloaded = exportReducer(chosen, {
      type: 'conditionsLoaded',
      conditions: CONDITIONS.slice(0, 2),
    });
    expect(conditionMap(reloaded)).toEqual({ NEW: 'N', LIKE_NEW: 'U' });
    expect(allChosen(reloaded)).toBe(true);
  });
});
