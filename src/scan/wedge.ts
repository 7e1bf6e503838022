/**
 * Keyboard-wedge scanners "type" the code: a burst of keystrokes far faster than a person types,
 * ended by Enter or Tab. The detector watches `keydown` on the document and hands over a burst as a
 * scanned code, without taking ordinary typing away from text fields.
 *
 * A burst is recognised by its timing, not only by its keys: Android browsers often report a
 * scanner's keys as `Unidentified` (key code 229). Such a key still counts for the burst; its
 * character is read from the key's `code` (KeyA, Digit7, Minus …) or, when that is missing too,
 * from the `input` event that puts it into a focused field (`handleInput`).
 */

export type WedgeOptions = {
  /** Longest gap between two keystrokes of one burst (ms). */
  maxGapMs: number;
  /** Shortest code accepted as a scan (location codes may have 2 characters). */
  minLength: number;
  /** Longest gap before the Enter/Tab ending a burst when no text field has focus (ms). */
  terminatorGapMs: number;
  /** Clock in milliseconds (injectable for tests). */
  now: () => number;
};

export const DEFAULT_WEDGE_OPTIONS: WedgeOptions = {
  maxGapMs: 35,
  minLength: 2,
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
  /** Keys typed so far, each within maxGapMs of the one before; null: not read yet. */
  chars: (string | null)[];
  lastAt: number;
  /** The text field the burst is typed into, and its value before the burst. */
  field: HTMLInputElement | HTMLTextAreaElement | null;
  fieldValueBefore: string;
};

export type WedgeDetector = {
  /** Feed one keydown event; returns the scanned code when this key ended a burst. */
  handleKeyDown(event: KeyboardEvent): string | null;
  /** Feed one input event: gives the characters of keys that came as `Unidentified`. */
  handleInput(event: Event): void;
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
    const unidentified = event.key === 'Unidentified' || event.key === 'Process' || !event.key;
    const key = unidentified ? keyFromCode(event) : event.key;

    if (key === 'Enter' || key === 'Tab') {
      const ended = burst;
      reset();
      if (!ended || ended.chars.length < opts.minLength) return null;
      // A key whose character never arrived: not a code this page can read.
      if (ended.chars.some((c) => c === null)) return null;
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
    const char = unidentified && key === null ? null : key;
    if (
      (char !== null && char.length !== 1) ||
      event.ctrlKey ||
      event.metaKey ||
      (event.altKey && !event.shiftKey)
    ) {
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
        chars: [char],
        lastAt: at,
        field,
        fieldValueBefore: field?.value ?? '',
      };
      return null;
    }
    burst.chars.push(char);
    burst.lastAt = at;
    return null;
  }

  function handleInput(event: Event): void {
    const data = (event as InputEvent).data;
    if (!burst || !data) return;
    // The characters of the keys not read yet, in order (a field may get them one by one or at once).
    for (const ch of data) {
      const slot = burst.chars.indexOf(null);
      if (slot === -1) return;
      burst.chars[slot] = ch;
    }
  }

  return { handleKeyDown, handleInput, reset };
}

/**
 * The character of a key reported as `Unidentified`, from its physical `code` (and Shift), or
 * Enter/Tab from the legacy key code; null when it cannot be told.
 */
function keyFromCode(event: KeyboardEvent): string | null {
  if (event.keyCode === 13) return 'Enter';
  if (event.keyCode === 9) return 'Tab';
  const code = event.code ?? '';
  if (code === 'Enter' || code === 'NumpadEnter') return 'Enter';
  if (code === 'Tab') return 'Tab';
  if (code === 'ShiftLeft' || code === 'ShiftRight') return 'Shift';
  let m = /^Key([A-Z])$/.exec(code);
  if (m) return event.shiftKey ? m[1] : m[1].toLowerCase();
  m = /^(?:Digit|Numpad)(\d)$/.exec(code);
  if (m && !event.shiftKey) return m[1];
  const punctuation: Record<string, string> = {
    Minus: '-',
    NumpadSubtract: '-',
    Period: '.',
    NumpadDecimal: '.',
    Slash: '/',
    NumpadDivide: '/',
    Space: ' ',
  };
  if (!event.shiftKey && punctuation[code]) return punctuation[code];
  if (event.shiftKey && code === 'Minus') return '_';
  return null;
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
