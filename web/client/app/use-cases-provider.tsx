import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AuthSession, AuthUser } from '../../../core/domain/auth.js';
import type { DomainError } from '../../../core/shared/errors.js';

/**
 * The object `resolveUseCases(container)` returns (DESIGN.md "Dependency injection"). The core use
 * cases are being written; once core/use-cases/index.ts exports its type, this alias points at it
 * and every page reads what it needs from `useUseCases()`. React never sees the container.
 */
export type ClientUseCases = Readonly<Record<string, unknown>>;

/** app spec §3 "User session": the session, the user, a loading flag and the last error. */
export interface SessionState {
  readonly loading: boolean;
  readonly session: AuthSession | null;
  readonly user: AuthUser | null;
  readonly error: DomainError | null;
}

export const SIGNED_OUT: SessionState = { loading: false, session: null, user: null, error: null };

interface AppServices {
  readonly useCases: ClientUseCases;
  readonly session: SessionState;
}

const ServicesContext = createContext<AppServices | null>(null);

export interface UseCasesProviderProps {
  useCases: ClientUseCases;
  /** The session as the session use case reports it; signed out until that use case is plugged in. */
  session?: SessionState;
  children: ReactNode;
}

/** The one place the client receives its use cases (bulletproof-react's app/provider idea). */
export function UseCasesProvider({ useCases, session = SIGNED_OUT, children }: UseCasesProviderProps) {
  const value = useMemo(() => ({ useCases, session }), [useCases, session]);
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('UseCasesProvider is missing above this component');
  return services;
}

export const useUseCases = (): ClientUseCases => useServices().useCases;
export const useSession = (): SessionState => useServices().session;
