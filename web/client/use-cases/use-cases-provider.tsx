import { createContext, use, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { BrowserUseCases } from '../../../adapters/composition/use-case-registry.js';
import type { SessionState } from '../../../core/auth/index.js';

/** What the browser's composition root answers (`createBrowserUseCases`, DESIGN.md "Dependency injection"). */
export type ClientUseCases = BrowserUseCases;

export type { SessionState };

/** Public facts from /api/config that change what the screens offer. */
export interface ClientConfig {
  readonly billingAvailable: boolean;
  readonly tagManagerId: string | null;
  readonly supportWidgetSrc: string | null;
}

/** The use cases and the public config, ready together once the composition chunk has run. */
export interface ClientServices {
  readonly useCases: ClientUseCases;
  readonly config: ClientConfig;
}
const SESSION_PENDING: SessionState = { loading: true, session: null, user: null, error: null };
const DEFAULT_CONFIG: ClientConfig = { billingAvailable: true, tagManagerId: null, supportWidgetSrc: null };

interface AppServices {
  /** Given outright (tests); null when they come from the composition chunk, read with `use(pending)`. */
  readonly given: ClientServices | null;
  readonly pending: Promise<ClientServices>;
  readonly session: SessionState;
}

const ServicesContext = createContext<AppServices | null>(null);

export interface UseCasesProviderProps {
  /** The use cases, or the promise of them while the composition chunk loads (web/client/main.tsx). */
  useCases: ClientUseCases | Promise<ClientServices>;
  config?: ClientConfig;
  /** Replaces the session controller's state (tests of a fixed session). */
  session?: SessionState;
  children: ReactNode;
}

const noSubscription = () => () => {};

/**
 * The one place the client receives its use cases (bulletproof-react's app/provider idea). The
 * home page paints before the composition (supabase-js, inversify, adapters) has loaded: until then
 * `useUseCases()` suspends and the session reads as loading. The session is the session
 * controller's (app spec §3, §4), followed as an external store.
 */
export function UseCasesProvider({ useCases, config = DEFAULT_CONFIG, session: fixed, children }: UseCasesProviderProps) {
  const given = useMemo<ClientServices | Promise<ClientServices>>(() => (useCases instanceof Promise ? useCases : { useCases, config }), [useCases, config]);
  const [loaded, setLoaded] = useState<{ from: Promise<ClientServices>; services: ClientServices } | null>(null);
  const pending = useMemo(() => (given instanceof Promise ? given : Promise.resolve(given)), [given]);
  useEffect(() => {
    if (!(given instanceof Promise)) return;
    let live = true;
    // A failed composition surfaces through `use(pending)` in the components (the error boundary).
    given.then((services) => live && setLoaded({ from: given, services }), () => undefined);
    return () => {
      live = false;
    };
  }, [given]);
  const ready = given instanceof Promise ? (loaded?.from === given ? loaded.services : null) : given;
  const controller = ready?.useCases.sessionController ?? null;
  const live = useSyncExternalStore(
    controller ? (listener) => controller.subscribe(listener) : noSubscription,
    () => controller?.getState() ?? SESSION_PENDING,
    () => controller?.getState() ?? SESSION_PENDING,
  );
  const session = fixed ?? live;
  const value = useMemo(() => ({ given: given instanceof Promise ? null : given, pending, session }), [given, pending, session]);
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('UseCasesProvider is missing above this component');
  return services;
}

function useReady(): ClientServices {
  const { given, pending } = useServices();
  // Suspends the caller (not the page shell) until the composition chunk has run; always called
  // for a promise, so a component that suspended finds it again (React's rule for `use`).
  return given ?? use(pending);
}

export const useUseCases = (): ClientUseCases => useReady().useCases;
export const useClientConfig = (): ClientConfig => useReady().config;
export const useSession = (): SessionState => useServices().session;
