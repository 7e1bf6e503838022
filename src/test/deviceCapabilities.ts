/**
 * jsdom is neither a secure context nor has it service workers: to the app it is a phone on a
 * plain-HTTP address, which works online only (src/offline/offlineAbility.ts). A test of a device
 * that can work offline sets both here, and puts them back after.
 */
export function pretendDevice(caps: {
  secureContext: boolean;
  serviceWorkers: boolean;
  /** A service worker controls the page (the app is stored on the device). */
  controlled?: boolean;
}): () => void {
  const hadSecure = Object.getOwnPropertyDescriptor(window, 'isSecureContext');
  const hadWorkers = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
  Object.defineProperty(window, 'isSecureContext', {
    value: caps.secureContext,
    configurable: true,
  });
  if (caps.serviceWorkers) {
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { controller: caps.controlled ? {} : null },
      configurable: true,
    });
  } else {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  }
  return () => {
    if (hadSecure) Object.defineProperty(window, 'isSecureContext', hadSecure);
    else delete (window as { isSecureContext?: boolean }).isSecureContext;
    if (hadWorkers) Object.defineProperty(navigator, 'serviceWorker', hadWorkers);
    else delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  };
}
