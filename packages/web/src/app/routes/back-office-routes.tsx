import { type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
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
  return (
    <BackOfficeArea role={area}>
      <Routes>
        <Route element={<BackOfficeLayout area={area} />}>
          {pages.map(([path, Page]) =>
            path ? <Route key={path} path={path} element={<Page />} /> : <Route key="index" index element={<Page />} />,
          )}
          <Route path="*" element={<BackOfficeNotFound home={AREA_BASE[area]} />} />
        </Route>
      </Routes>
    </BackOfficeArea>
  );
}
