// Public surface of the static storefront pages: the whole-page message the app shell's route
// error page shares with the 404 page. The pages load lazily through the route table.
export { PageMessage } from './page-message';
