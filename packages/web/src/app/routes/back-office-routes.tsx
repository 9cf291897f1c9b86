import { type ComponentType } from 'react';
import { useRoutes } from 'react-router';
import { BackOfficeNotFound } from '../../components/back-office/back-office-ui';
import { BackOfficeArea } from '../layouts/back-office-area';
import { BackOfficeLayout } from '../layouts/back-office-layout';
import { AREA_BASE, type BackOfficeRole } from '../layouts/back-office-nav';

/** A back-office page at a path relative to the area's root ('' = its dashboard). */
export type AreaPage = [path: string, page: ComponentType];

/**
 * Everything under /admin/* or /staff/*: only for the area's role, in the back-office layout,
 * with a not-found page of its own. Descendant routes, so each area loads as one module.
 */
export function BackOfficeRoutes({ area, pages }: { area: BackOfficeRole; pages: readonly AreaPage[] }) {
  // A route table of objects, as app/routes.tsx has: <Routes>/<Route> would bring React Router's
  // JSX-to-table conversion into the first script (the router is one module, shared with it).
  const routes = useRoutes([
    {
      element: <BackOfficeLayout area={area} />,
      children: [
        ...pages.map(([path, Page]) => (path ? { path, element: <Page /> } : { index: true, element: <Page /> })),
        { path: '*', element: <BackOfficeNotFound home={AREA_BASE[area]} /> },
      ],
    },
  ]);
  return <BackOfficeArea role={area}>{routes}</BackOfficeArea>;
}
