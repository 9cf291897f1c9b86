// SWR imports `use-sync-external-store/shim`, a fallback for React versions before 18 that ships
// its own implementation and a CommonJS wrapper. React 19 has the hook: the production build
// points that import here (vite.config.ts), about 0.4 KB gzip less in the home page's entry.
export { useSyncExternalStore } from 'react';
