export { applyUpdate, registerServiceWorker, useUpdateState } from './service-worker';
export { requestPersistentStorage } from './storage';
export { UpdatePrompt, UpdateTexts, type UpdatePromptProps } from './UpdatePrompt';
