// The example books' covers (public/covers, served by the web app at /covers): the server's
// demo data and the mock serve the same files from here.
import { fileURLToPath } from 'node:url';

/** The absolute path of the folder of example covers (<slug>.svg). */
export const coversDir = fileURLToPath(new URL('./public/covers', import.meta.url));
