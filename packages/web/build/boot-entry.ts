// The boot script (src/boot.ts) loads the app's entry (src/main.tsx) after the first paint.
//
// Its stylesheets are in the page's head all the same, though the entry that imports them loads later.
// index.html's only script is the boot script (src/boot.ts); the app's entry (src/main.tsx) is
// its dynamic import, so Vite would insert the entry's CSS only when the entry loads: the page
// the server sent would paint unstyled, then move as the CSS arrived (layout shift). This plugin
// links the entry's CSS, and that of the chunks it imports, in the built page's head; the entry's
// own insertion then finds each stylesheet in place. No module preload goes with them: the
// entry's scripts are asked for after the paint, not beside it.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The CSS files of the chunk that holds `entry` (a module) and of every chunk it imports statically, in load order. */
export function stylesOfEntry(bundle: OutputBundle, entry: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is ChunkWithCss => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId === entry || chunk.moduleIds.includes(entry));
  if (!start) throw new Error(`boot entry: no chunk holds ${entry}`);
  const seen = new Set<string>();
  const styles: string[] = [];
  const visit = (chunk: ChunkWithCss) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported as ChunkWithCss);
    }
    for (const file of chunk.viteMetadata?.importedCss ?? []) if (!styles.includes(file)) styles.push(file);
  };
  visit(start);
  return styles;
}

/**
 * The build of an app whose page (`html`) loads a boot script that imports `entry` (an absolute
 * module path) dynamically: the entry's CSS linked in the built page's head, and the entry with
 * everything it imports statically as one chunk (`app`), so that taking the page over after its
 * paint is a few requests, not one per module the lazy pages happen to share with it. The entry
 * is made an entry of the build for that (what it imports statically is then known after tree
 * shaking: what is only named by a barrel is not in it); the boot script's own modules stay in
 * the page's chunk (the higher priority), which the app's imports. `lazyStyled`: modules the app
 * loads lazily whose markup is in every sent page all the same (the footer, below the fold), whose
 * CSS is linked too: a visitor who scrolls before the app has taken over sees them styled.
 */
export function bootEntryPlugin({ html, entry, lazyStyled = [] }: { html: string; entry: string; lazyStyled?: string[] }): Plugin {
  // The boot script's static imports, transitively, known once the module graph is built.
  const bootChain = new Set<string>();
  return {
    name: 'pustak-boot-entry',
    apply: 'build',
    config(_user, { isSsrBuild }) {
      if (isSsrBuild) return;
      const groups = [
        { name: 'boot', test: (id: string) => bootChain.has(id), priority: 2 },
        { name: 'app', tags: ['$initial' as const], priority: 1 },
      ];
      return { build: { rolldownOptions: { input: { index: html, app: entry }, output: { codeSplitting: { groups } } } } };
    },
    buildEnd() {
      const visit = (id: string) => {
        if (bootChain.has(id) || id === entry) return;
        bootChain.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      visit(html);
    },
    transformIndexHtml: {
      order: 'post',
      handler(page, { bundle }) {
        if (!bundle) return page;
        const base = '/';
        return {
          html: page,
          tags: [...new Set([entry, ...lazyStyled].flatMap((module) => stylesOfEntry(bundle, module)))].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: base + file },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}
