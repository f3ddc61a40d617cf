// What the platform shares as `react-router-dom`: the client-side routing API only.
// Module Federation cannot tree-shake a shared package, so sharing react-router-dom whole costs every page
// about 62 KB gzip; this facade is tree-shaken at build time and shared as the same singleton instead.
// Apps still `import ... from 'react-router-dom'`; tooling/shared-facades/facades.test.ts fails the build
// of a name that is not listed here.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
} from 'react-router';
