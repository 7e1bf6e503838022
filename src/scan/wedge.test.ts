// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScanService, type ScanSource } from './service';
import { SCAN_IGNORE_ATTRIBUTE, type WedgeOptions } from './wedge';

let now = 0;
let received: [string, ScanSource][];
let unsubscribe: () => void;

function listen(options: Partial<WedgeOptions> = {}) {
  const service = createScanService(document, { now: () => now, ...options });
  unsubscribe = service.subscribe((code, source) => received.push([code, source]));
  return service;
}

/** Presses one key on the focused element (or body); returns false when the page prevented it. */
function press(key: string, extra: KeyboardEventInit = {}): boolean {
  const target = document.activeElement ?? document.body;
  const notPrevented = target.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...extra }),
  );
  // A browser inserts the character into a focused field after an unprevented keydown.
  if (notPrevented && key.length === 1 && target instanceof HTMLInputElement) {
    target.value += key;
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
  return notPrevented;
}

/** Types `text` with `gapMs` between keys (capitals with Shift, like a scanner does), then `end`. */
function typeCode(text: string, gapMs: number, end: 'Enter' | 'Tab' | null = 'Enter') {
  for (const ch of text) {
    now += gapMs;
    if (/[A-Z]/.test(ch)) press('Shift', { shiftKey: true });
    press(ch, { shiftKey: /[A-Z]/.test(ch) });
  }
  if (!end) return true;
  now += gapMs;
  return press(end);
}

beforeEach(() => {
  now = 1000;
  received = [];
  document.body.innerHTML = '';
});
afterEach(() => unsubscribe?.());

describe('keyboard-wedge scanner', () => {
  it('takes a fast burst ending in Enter as one scan and keeps the Enter from the page', () => {
    listen();
    const enterReachedPage = typeCode('H1-A02-R03-S2-B4', 8, 'Enter');
    expect(received).toEqual([['H1-A02-R03-S2-B4', 'wedge']]);
    expect(enterReachedPage).toBe(false);
    now += 500;
    press('Enter');
    expect(received).toHaveLength(1);
  });

  it('takes a burst ending in Tab, so focus does not move', () => {
    listen();
    expect(typeCode('h2-a01-r02', 5, 'Tab')).toBe(false);
    expect(received).toEqual([['H2-A01-R02', 'wedge']]);
  });

  it('delivers two scans in a row separately', () => {
    listen();
    typeCode('H1-A01', 6);
    now += 800;
    typeCode('H1-A02', 6);
    expect(received.map(([code]) => code)).toEqual(['H1-A01', 'H1-A02']);
  });

  it('does not take slow human typing for a scan', () => {
    listen();
    expect(typeCode('H1-A02', 120, 'Enter')).toBe(true);
    expect(typeCode('RCV', 60, 'Tab')).toBe(true);
    expect(received).toEqual([]);
  });

  it('ignores bursts shorter than the minimum length and bursts without a terminator', () => {
    listen();
    typeCode('H', 5);
    typeCode('H1-A02', 5, null);
    now += 1000;
    press('Enter');
    expect(received).toEqual([]);
  });

  it('does not take a burst whose Enter comes long after the last key', () => {
    listen();
    typeCode('H1-A02', 5, null);
    now += 400;
    expect(press('Enter')).toBe(true);
    expect(received).toEqual([]);
  });

  it('has configurable thresholds', () => {
    listen({ maxGapMs: 80, minLength: 2 });
    typeCode('H1', 60);
    expect(received).toEqual([['H1', 'wedge']]);
  });

  it('works while a button (not a text field) has focus', () => {
    listen();
    document.body.innerHTML = '<button type="button">Confirm</button>';
    document.querySelector('button')!.focus();
    expect(typeCode('H1-A02', 7)).toBe(false);
    expect(received).toEqual([['H1-A02', 'wedge']]);
  });

  it('leaves typing into a focused text field alone', () => {
    listen();
    document.body.innerHTML = '<input type="text" />';
    const input = document.querySelector('input')!;
    input.focus();
    expect(typeCode('H1-A02', 110, 'Enter')).toBe(true);
    expect(input.value).toBe('H1-A02');
    expect(received).toEqual([]);
  });

  it('in a text field only takes an unmistakable burst, and puts the field back', () => {
    listen();
    document.body.innerHTML = '<input type="text" />';
    const input = document.querySelector('input')!;
    input.focus();
    typeCode('12', 150, null);
    // A scanner fires into the quantity field, but with a pause before Enter: not clear enough.
    typeCode('H1-A02', 5, null);
    now += 60;
    expect(press('Enter')).toBe(true);
    expect(received).toEqual([]);
    expect(input.value).toBe('12H1-A02');

    input.value = '12';
    now += 1000;
    expect(typeCode('H1-A03', 5, 'Enter')).toBe(false);
    expect(received).toEqual([['H1-A03', 'wedge']]);
    expect(input.value).toBe('12');
  });

  it('leaves fields marked for manual entry to handle their own Enter', () => {
    listen();
    document.body.innerHTML = `<form ${SCAN_IGNORE_ATTRIBUTE}><input type="text" /></form>`;
    document.querySelector('input')!.focus();
    expect(typeCode('H1-A02', 5, 'Enter')).toBe(true);
    expect(received).toEqual([]);
  });

  it('stops listening when the last subscriber leaves', () => {
    const service = listen();
    unsubscribe();
    expect(service.subscriberCount).toBe(0);
    typeCode('H1-A02', 5);
    expect(received).toEqual([]);
  });

  it('is broken by Ctrl shortcuts and held-down keys', () => {
    listen();
    typeCode('H1-', 5, null);
    now += 5;
    press('c', { ctrlKey: true });
    typeCode('A02', 5, 'Enter');
    // The shortcut ended the first burst: only what came after it is one.
    expect(received).toEqual([['A02', 'wedge']]);
    received = [];
    now += 1000;
    typeCode('AAA', 5, null);
    now += 5;
    press('A', { repeat: true });
    now += 5;
    press('Enter');
    expect(received).toEqual([]);
  });

  it('takes a 2-character code by default', () => {
    listen();
    typeCode('B4', 6);
    expect(received).toEqual([['B4', 'wedge']]);
    // One character is not a code.
    now += 1000;
    typeCode('B', 6);
    expect(received).toHaveLength(1);
  });
});

/** An Android scanner's key: `Unidentified` (key code 229), with or without its physical code. */
function pressUnidentified(code: string, extra: KeyboardEventInit & { keyCode?: number } = {}) {
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent('keydown', {
    key: 'Unidentified',
    code,
    bubbles: true,
    cancelable: true,
    ...extra,
  });
  Object.defineProperty(event, 'keyCode', { value: extra.keyCode ?? 229 });
  return target.dispatchEvent(event);
}

describe('keyboard-wedge scanner on Android (Unidentified keys)', () => {
  it("reads the characters from the keys' codes and ends on key code 13", () => {
    listen();
    for (const [code, shift] of [
      ['KeyH', true],
      ['Digit1', false],
      ['Minus', false],
      ['KeyB', true],
      ['Digit4', false],
    ] as const) {
      now += 6;
      pressUnidentified(code, { shiftKey: shift });
    }
    now += 6;
    expect(pressUnidentified('', { keyCode: 13 })).toBe(false);
    expect(received).toEqual([['H1-B4', 'wedge']]);
  });

  it('reads the characters from the input events of a focused field, by timing', () => {
    listen();
    document.body.innerHTML = '<input type="text" />';
    const input = document.querySelector('input')!;
    input.focus();
    for (const ch of 'A7-2') {
      now += 5;
      pressUnidentified('');
      input.value += ch;
      input.dispatchEvent(new InputEvent('input', { data: ch, bubbles: true }));
    }
    now += 5;
    expect(pressUnidentified('Enter', { keyCode: 13 })).toBe(false);
    expect(received).toEqual([['A7-2', 'wedge']]);
    // The field is left as it was before the burst.
    expect(input.value).toBe('');
  });

  it('does not take slow Unidentified keys (a person on the on-screen keyboard)', () => {
    listen();
    for (const code of ['KeyA', 'KeyB', 'KeyC']) {
      now += 150;
      pressUnidentified(code);
    }
    now += 150;
    expect(pressUnidentified('Enter', { keyCode: 13 })).toBe(true);
    expect(received).toEqual([]);
  });

  it('gives up on a burst whose characters never arrive', () => {
    listen();
    for (let i = 0; i < 4; i++) {
      now += 5;
      pressUnidentified('');
    }
    now += 5;
    pressUnidentified('', { keyCode: 13 });
    expect(received).toEqual([]);
  });
});
