import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { BROWSER_USE_CASES, UseCases } from '../../../adapters/composition/use-case-registry.js';
import type { SessionState } from '../../../core/use-cases/index.js';

/** What `resolveUseCases(container, 'browser')` answers (DESIGN.md "Dependency injection"). */
export type ClientUseCases = Pick<UseCases, (typeof BROWSER_USE_CASES)[number]>;

export type { SessionState };

/** Public facts from /api/config that change what the screens offer. */
export interface ClientConfig {
  readonly billingAvailable: boolean;
  readonly tagManagerId: string | null;
  readonly supportWidgetSrc: string | null;
}

export const SIGNED_OUT: SessionState = { loading: false, session: null, user: null, error: null };
const DEFAULT_CONFIG: ClientConfig = { billingAvailable: true, tagManagerId: null, supportWidgetSrc: null };

interface AppServices {
  readonly useCases: ClientUseCases;
  readonly config: ClientConfig;
  readonly session: SessionState;
}

const ServicesContext = createContext<AppServices | null>(null);

export interface UseCasesProviderProps {
  useCases: ClientUseCases;
  config?: ClientConfig;
  /** Replaces the session controller's state (tests of a fixed session). */
  session?: SessionState;
  children: ReactNode;
}

/**
 * The one place the client receives its use cases (bulletproof-react's app/provider idea). The
 * session is the session controller's (app spec §3, §4), followed as an external store.
 */
export function UseCasesProvider({ useCases, config = DEFAULT_CONFIG, session: fixed, children }: UseCasesProviderProps) {
  const controller = useCases.sessionController;
  const live = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.getState(),
    () => controller.getState(),
  );
  const session = fixed ?? live;
  const value = useMemo(() => ({ useCases, config, session }), [useCases, config, session]);
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('UseCasesProvider is missing above this component');
  return services;
}

export const useUseCases = (): ClientUseCases => useServices().useCases;
export const useSession = (): SessionState => useServices().session;
export const useClientConfig = (): ClientConfig => useServices().config;
