// React Router's production build keeps every component it defines, used or not: each is made by
// a call the bundler cannot prove free of side effects (`var Form = React.forwardRef(...)`) and
// then named for React DevTools (`Form.displayName = "Form"`), a property write that counts as a
// side effect. So <Form>, <Link>, <NavLink>, their framework-mode route prefetching and the RSC
// error handler all ship in the home page's entry although the app renders none of them (it has
// its own links, src/components/link.tsx).
//
// This plugin marks those top-level component definitions pure and drops the DevTools names in
// that one file, so the bundler removes what nothing imports: about 4.7 KB gzip of the entry
// (`npm run size`). Production builds only; development keeps the names.
import type { Plugin } from 'vite';

/** React Router's bundled production chunks (dist/production/chunk-*.mjs). */
const ROUTER_CHUNK = /[/\\]react-router[/\\]dist[/\\]production[/\\]chunk-[\w-]+\.mjs$/;
/** `var Name = React3.forwardRef(` and the like, at the top level (column 0). */
const COMPONENT_DEFINITION = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
/** `Name.displayName = "Name";` at the top level. */
const DEVTOOLS_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** The chunk's source with its component definitions marked pure and its top-level DevTools names removed. */
export function markRouterComponentsPure(code: string): string {
  return code.replace(COMPONENT_DEFINITION, '$1/* @__PURE__ */ $2').replace(DEVTOOLS_NAME, '');
}

export function treeShakeRouterPlugin(): Plugin {
  return {
    name: 'pustak-tree-shake-router',
    apply: (_config, { command, mode }) => command === 'build' && mode === 'production',
    transform: {
      filter: { id: ROUTER_CHUNK },
      handler(code) {
        return { code: markRouterComponentsPure(code), map: null };
      },
    },
  };
}
