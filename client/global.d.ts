import type { HydrationState } from 'react-router-dom';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}
