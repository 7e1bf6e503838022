import type { BsxCondition, BsxConditionMap } from '../../../contract/bsx/write';
import { InventoryMessages, type Condition } from '../../../contract/inventory';

/**
 * The inventory export's states (docs/inventory.md): the user chooses New or Used for every
 * condition, converts (the link shows 'Loading....'), then downloads ('Download BSX-File').
 * Changing a choice afterwards makes the file stale: back to choosing.
 */

export type ExportPhase =
  | { kind: 'choosing' }
  | { kind: 'converting'; done: number; total: number }
  | { kind: 'ready'; url: string; lots: number }
  | { kind: 'failed'; message: string };

export interface ExportState {
  conditions: Condition[];
  /** condition_name -> the user's choice; absent until chosen. */
  choices: Partial<Record<string, BsxCondition>>;
  phase: ExportPhase;
}

export type ExportAction =
  | { type: 'conditionsLoaded'; conditions: Condition[] }
  | { type: 'choose'; conditionName: string; choice: BsxCondition }
  | { type: 'start' }
  | { type: 'progress'; done: number; total: number }
  | { type: 'ready'; url: string; lots: number }
  | { type: 'failed'; message: string };

export const initialExportState: ExportState = {
  conditions: [],
  choices: {},
  phase: { kind: 'choosing' },
};

export function exportReducer(state: ExportState, action: ExportAction): ExportState {
  switch (action.type) {
    case 'conditionsLoaded': {
      // Keep choices for conditions that still exist.
      const choices: ExportState['choices'] = {};
      for (const c of action.conditions) {
        const kept = state.choices[c.condition_name];
        if (kept) choices[c.condition_name] = kept;
      }
      return { ...state, conditions: action.conditions, choices };
    }
    case 'choose':
      if (state.phase.kind === 'converting') return state;
      return {
        ...state,
        choices: { ...state.choices, [action.conditionName]: action.choice },
        phase: { kind: 'choosing' },
      };
    case 'start':
      if (!allChosen(state) || state.phase.kind === 'converting') return state;
      return { ...state, phase: { kind: 'converting', done: 0, total: 0 } };
    case 'progress':
      if (state.phase.kind !== 'converting') return state;
      return { ...state, phase: { kind: 'converting', done: action.done, total: action.total } };
    case 'ready':
      if (state.phase.kind !== 'converting') return state;
      return { ...state, phase: { kind: 'ready', url: action.url, lots: action.lots } };
    case 'failed':
      return { ...state, phase: { kind: 'failed', message: action.message } };
  }
}

/** Convert to BSX is possible once every condition has a choice. */
export function allChosen(state: ExportState): boolean {
  return (
    state.conditions.length > 0 && state.conditions.every((c) => state.choices[c.condition_name])
  );
}

/** What the writer needs: condition_name -> N or U. */
export function conditionMap(state: ExportState): BsxConditionMap {
  const map: Record<string, BsxCondition> = {};
  for (const [name, choice] of Object.entries(state.choices)) if (choice) map[name] = choice;
  return map;
}

/** The download link's text, or null while there is nothing to link to. */
export function linkText(phase: ExportPhase): string | null {
  if (phase.kind === 'converting') return InventoryMessages.loading;
  if (phase.kind === 'ready') return InventoryMessages.download;
  return null;
}

/** Progress of the conversion in percent (0 until the total is known). */
export function progressPercent(phase: ExportPhase): number {
  if (phase.kind === 'ready') return 100;
  if (phase.kind !== 'converting' || phase.total === 0) return 0;
  return Math.round((phase.done / phase.total) * 100);
}
