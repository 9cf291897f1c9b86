// The SDK from source, as the web app consumes it (packages/web/vite.config.ts): the tests of the
// mock and the server, the end to end and the mutation run import it by name and never need an
// SDK build. A Vite `resolve` block.
import { fileURLToPath } from 'node:url';

const source = (path) => fileURLToPath(new URL(`../../packages/sdk/src/${path}`, import.meta.url));

export const sdkFromSource = {
  alias: [
    { find: /^@pustak\/sdk\/schema$/, replacement: source('generated/schema.ts') },
    { find: /^@pustak\/sdk\/domain$/, replacement: source('domain/index.ts') },
    { find: /^@pustak\/sdk\/live$/, replacement: source('notifications.ts') },
    { find: /^@pustak\/sdk\/swr$/, replacement: source('swr/index.ts') },
    // Plain JavaScript beside src/ (the server runs it without an SDK build).
    { find: /^@pustak\/sdk\/banner-colors$/, replacement: source('../banner-colors.js') },
    { find: /^@pustak\/sdk$/, replacement: source('index.ts') },
  ],
};
