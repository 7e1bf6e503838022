import { vi } from 'vitest';

/**
 * Set before the app and the server load, so import this module first (realServer.tsx does).
 * Node's Request (used by ky under jsdom) needs an absolute API base. The server runs inside the
 * jsdom test: jose needs Node's Uint8Array and TextEncoder (jsdom's belong to another realm).
 */
vi.stubEnv('VITE_API_BASE', 'http://localhost:3000/api');
const util = process.getBuiltinModule('node:util') as typeof import('node:util');
globalThis.TextEncoder = util.TextEncoder as typeof TextEncoder;
globalThis.TextDecoder = util.TextDecoder as typeof TextDecoder;
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
// jsdom has no layout: Mantine's dropdowns scroll the chosen option into view.
Element.prototype.scrollIntoView ??= () => {};
