/**
 * The app's pages (React Router, library mode). Every path here must also be in the service's
 * PAGE_PATHS (src/http/routes/web/static.ts), which answers them with index.html.
 */
import { createBrowserRouter } from 'react-router';
import { Shell, RequireSession, NotFound } from './Shell';
import { LoginPage, SignupPage } from './pages/Auth';
import { SettingsPage } from './pages/Settings';
import { KeysPage } from './pages/Keys';
import { BuildPage } from './pages/Build';
import { TaskProgressPage } from './pages/TaskProgress';
import { ApisPage } from './pages/Apis';
import { ApiPage } from './pages/api/ApiPage';
import { MarketPage, ListingPage } from './pages/Market';
import { UsagePage } from './pages/Usage';
import { MonitorsPage } from './pages/monitors/MonitorsPage';
import { MonitorPage } from './pages/monitors/MonitorPage';

export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/market', element: <MarketPage /> },
      { path: '/market/:id', element: <ListingPage /> },
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <ApisPage /> },
          { path: '/apis', element: <ApisPage /> },
          { path: '/apis/:taskId', element: <ApiPage /> },
          { path: '/build', element: <BuildPage /> },
          { path: '/build/:taskId', element: <TaskProgressPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/keys', element: <KeysPage /> },
          { path: '/usage', element: <UsagePage /> },
          // Not /monitors: that path is the API's (GET /monitors).
          { path: '/monitoring', element: <MonitorsPage /> },
          { path: '/monitoring/:monitorId', element: <MonitorPage /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
