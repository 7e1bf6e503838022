/** A short beep and a buzz when the camera accepts a code. */

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
 * this from the click that opens the camera.
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

function beep(): void {
  if (!audio) prepareFeedback();
  if (!audio) return;
  try {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 1800;
    gain.gain.value = 0.08;
    oscillator.connect(gain);
    gain.connect(audio.destination);
    const start = audio.currentTime;
    oscillator.start(start);
    oscillator.stop(start + 0.08);
  } catch {
    // Sound is a courtesy; a read never fails because of it.
  }
}

/** Beep and vibrate (where the device can) for one accepted read. */
export function signalRead(): void {
  beep();
  try {
    navigator.vibrate?.(50);
  } catch {
    // Some browsers throw when vibration is blocked.
  }
}
