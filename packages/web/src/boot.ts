// The page's only script in its head's reach: the page the server sent paints from its HTML and
// CSS alone, and the app's entry (main.tsx: React, the router, the layout) is asked for only once
// that paint is shown (lib/after-first-paint.ts). Asked for earlier, its requests share the line
// with the page's largest image or text and its evaluation holds up the paint (LCP); the entry's
// module preloads are therefore not in the page's head either. Clicks and typing on the sent page
// before the app has taken it over are held here, from the start, and replayed by the app
// (lib/hold-clicks.ts). Nothing here imports React: this file stays a few kilobytes.
import { afterFirstPaint } from './lib/after-first-paint';
import { holdClicks } from './lib/hold-clicks';
import { yieldToMain } from './lib/yield-to-main';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

if (root.firstElementChild) {
  const replayClicks = holdClicks(root);
  // Evaluating the app's modules and starting to take the page over are two tasks, not one
  // long one (yieldToMain).
  void afterFirstPaint()
    .then(() => import('./main'))
    .then(async (main) => {
      await yieldToMain();
      return main.takeOver(root, replayClicks);
    });
} else {
  // Nothing to paint before the app: it starts at once.
  void import('./main').then(({ render }) => render(root));
}
