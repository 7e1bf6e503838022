/**
 * Keyboard-wedge scanners "type" the code: a burst of keystrokes far faster than a person types,
 * ended by Enter or Tab. The detector watches `keydown` on the document and hands over a burst as a
 * scanned code, without taking ordinary typing away from text fields.
 */

export type WedgeOptions = {
  /** Longest gap between two keystrokes of one burst (ms). */
  maxGapMs: number;
  /** Shortest code accepted as a scan. */
  minLength: number;
  /** Longest gap before the Enter/Tab ending a burst when no text field has focus (ms). */
  terminatorGapMs: number;
  /** Clock in milliseconds (injectable for tests). */
  now: () => number;
};

export const DEFAULT_WEDGE_OPTIONS: WedgeOptions = {
  maxGapMs: 35,
  minLength: 3,
  terminatorGapMs: 100,
  now: () => performance.now(),
};

/** Marks an element (and its content) whose keystrokes the detector leaves alone. */
export const SCAN_IGNORE_ATTRIBUTE = 'data-scan-ignore';

const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'number',
  'tel',
  'url',
  'password',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** True for elements where keystrokes become text: text-like inputs, textareas, editable content. */
export function isTextField(el: Element | null): el is HTMLElement {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  if (el instanceof HTMLInputElement) {
    return TEXT_INPUT_TYPES.has(el.type) && !el.readOnly && !el.disabled;
  }
  return el instanceof HTMLElement && el.isContentEditable;
}

type Burst = {
  /** Keys typed so far, each within maxGapMs of the one before. */
  chars: string[];
  lastAt: number;
  /** The text field the burst is typed into, and its value before the burst. */
  field: HTMLInputElement | HTMLTextAreaElement | null;
  fieldValueBefore: string;
};

export type WedgeDetector = {
  /** Feed one keydown event; returns the scanned code when this key ended a burst. */
  handleKeyDown(event: KeyboardEvent): string | null;
  reset(): void;
};

export function createWedgeDetector(options: Partial<WedgeOptions> = {}): WedgeDetector {
  const opts = { ...DEFAULT_WEDGE_OPTIONS, ...options };
  let burst: Burst | null = null;

  const reset = () => {
    burst = null;
  };

  function handleKeyDown(event: KeyboardEvent): string | null {
    if (event.isComposing || event.repeat) {
      reset();
      return null;
    }
    const target = (event.target instanceof Element ? event.target : null) ?? null;
    if (target?.closest(`[${SCAN_IGNORE_ATTRIBUTE}]`)) {
      reset();
      return null;
    }
    const at = opts.now();
    const key = event.key;

    if (key === 'Enter' || key === 'Tab') {
      const ended = burst;
      reset();
      if (!ended || ended.chars.length < opts.minLength) return null;
      const gap = at - ended.lastAt;
      const inField = isTextField(target);
      // In a text field only an unmistakable burst counts: the Enter must follow just as fast.
      if (gap > (inField ? opts.maxGapMs : opts.terminatorGapMs)) return null;
      event.preventDefault();
      event.stopPropagation();
      if (ended.field) restoreValue(ended.field, ended.fieldValueBefore);
      return ended.chars.join('');
    }

    // Modifier keys (Shift for capitals) neither break nor extend a burst.
    if (key === 'Shift' || key === 'CapsLock' || key === 'AltGraph') return null;
    if (key.length !== 1 || event.ctrlKey || event.metaKey || (event.altKey && !event.shiftKey)) {
      reset();
      return null;
    }

    if (!burst || at - burst.lastAt > opts.maxGapMs) {
      const field =
        (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
        isTextField(target)
          ? target
          : null;
      burst = {
        chars: [key],
        lastAt: at,
        field,
        fieldValueBefore: field?.value ?? '',
      };
      return null;
    }
    burst.chars.push(key);
    burst.lastAt = at;
    return null;
  }

  return { handleKeyDown, reset };
}

/** Puts a field back to its value before the burst, in a way React's controlled inputs notice. */
function restoreValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (field.value === value) return;
  const proto =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
