// Where the contract lives on disk: every script, test, the mock and the server import this
// instead of working the path out from where they happen to sit.
import { fileURLToPath } from 'node:url';

/** The absolute path of openapi.yaml. */
export const contractPath = fileURLToPath(new URL('./openapi.yaml', import.meta.url));
