import { readScanSettings } from './settings';

/**
 * Sound and vibration for a scan: a short high beep and one buzz when the code is the right one, two
 * low beeps and a double buzz when it is not. Made with WebAudio (no sound files) and
 * navigator.vibrate where the device has them; silent when the picker muted them (settings.ts).
 */

type AudioContextCtor = new () => AudioContext;

let audio: AudioContext | null = null;

function audioContextClass(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    AudioContext?: AudioContextCtor;
    webkitAudioContext?: AudioContextCtor;
  };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/**
 * Creates (or resumes) the audio context. Browsers only allow sound after a user gesture, so call
 * this from a click or tap (the scan bar does on the first one).
 */
export function prepareFeedback(): void {
  try {
    if (!audio) {
      const Ctor = audioContextClass();
      if (!Ctor) return;
      audio = new Ctor();
    }
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
  } catch {
    audio = null;
  }
}

function tone(frequency: number, startAfter: number, seconds: number): void {
  if (!audio) return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  gain.gain.value = 0.08;
  oscillator.connect(gain);
  gain.connect(audio.destination);
  const start = audio.currentTime + startAfter;
  oscillator.start(start);
  oscillator.stop(start + seconds);
}

function vibrate(pattern: number | number[]): void {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Some browsers throw when vibration is blocked.
  }
}

/** Beep and buzz for a scan: `good` when it was the code asked for. Nothing when muted. */
export function signalScan(good: boolean): void {
  if (!readScanSettings().sound) return;
  if (!audio) prepareFeedback();
  try {
    if (good) tone(1800, 0, 0.08);
    else {
      tone(330, 0, 0.12);
      tone(330, 0.18, 0.12);
    }
  } catch {
    // Sound is a courtesy; a scan never fails because of it.
  }
  vibrate(good ? 50 : [80, 60, 80]);
}
