// Public surface of the home feature: its page, which the route table renders (in the entry
// chunk: see app/routes.tsx). Everything it shows comes from other features' surfaces.
export { default as HomePage, preloadHomePage } from './home-page';
