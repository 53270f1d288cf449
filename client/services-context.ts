import { createContext, type RouterContextProvider } from 'react-router-dom';
import type { AppServices } from '../shared/app-services.ts';

/** The loaders' services (shared/app-services.ts), put into each router's context. */
export const servicesContext = createContext<AppServices>();

export function services(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}
