import type { CurrentUser } from '../../core/auth/index.js';
import type { BoundDependencies, Dependencies, DependencyName } from './ports.js';
import {
  BROWSER_USE_CASES,
  SERVER_USE_CASES,
  USE_CASE_DEFINITIONS,
  type BrowserUseCases,
  type Definition,
  type ServerUseCases,
  type SharedServerUseCaseName,
  type SharedServerUseCases,
  type UseCaseName,
  type UseCases,
} from './use-case-registry.js';

/** Builds one use case from an entry point's dependencies; a dependency it needs and lacks is named. */
export function buildUseCase<K extends UseCaseName>(name: K, deps: Partial<Dependencies>, entryPoint: string): UseCases[K] {
  const definition: Definition<DependencyName, unknown> = USE_CASE_DEFINITIONS[name];
  const missing = definition.needs.filter((need) => deps[need] === undefined);
  if (missing.length > 0) throw new Error(`The ${entryPoint} cannot build ${name}: it has no ${missing.join(', ')}`);
  return definition.make(deps as Dependencies) as UseCases[K];
}

/** The named use cases, all built now, as one plain object. */
export function buildUseCases<K extends UseCaseName>(names: readonly K[], deps: Partial<Dependencies>, entryPoint: string): Pick<UseCases, K> {
  const out: Partial<Record<K, unknown>> = {};
  for (const name of names) out[name] = buildUseCase(name, deps, entryPoint);
  return out as Pick<UseCases, K>;
}

/**
 * The browser's use cases over its bound ports. Some use cases are what others depend on: the
 * caller is whoever get-current-user finds signed in, handle-signed-in runs when a session starts
 * (the session controller's `onSignedIn`), and the session controller hears the sign-in use cases'
 * failures (`authErrors`). They are built first, and everything else from the completed object.
 */
export function buildBrowserUseCases(bound: Partial<BoundDependencies>, entryPoint = 'browser'): BrowserUseCases {
  const withCaller: Partial<Dependencies> = { ...bound, currentUser: buildUseCase('getCurrentUser', bound, entryPoint) };
  const handleSignedIn = buildUseCase('handleSignedIn', withCaller, entryPoint);
  const sessionController = buildUseCase('sessionController', { ...withCaller, onSignedIn: handleSignedIn }, entryPoint);
  const deps: Partial<Dependencies> = { ...withCaller, onSignedIn: handleSignedIn, authErrors: sessionController };
  const first = { getCurrentUser: withCaller.currentUser, handleSignedIn, sessionController };
  const rest = BROWSER_USE_CASES.filter((name): name is Exclude<(typeof BROWSER_USE_CASES)[number], keyof typeof first> => !(name in first));
  return { ...buildUseCases(rest, deps, entryPoint), ...first } as BrowserUseCases;
}

/** Where the server's routes get their use cases: `shared` acts for nobody in particular, `forCaller` for one verified caller. */
export interface ServerUseCaseSource {
  readonly shared: SharedServerUseCases;
  forCaller(currentUser: CurrentUser): ServerUseCases;
}

type Build = <K extends UseCaseName>(name: K, deps: Partial<Dependencies>, entryPoint: string) => UseCases[K];
type AnyUseCase = (...args: never[]) => unknown;
// Every server use case is a function, so a caller's can be built on its first call.
const everyServerUseCaseIsAFunction: ServerUseCases[keyof ServerUseCases] extends AnyUseCase ? true : never = true;
void everyServerUseCaseIsAFunction;

/**
 * The server's use cases over its shared dependencies (one plain object, built once). A caller's
 * use cases are `{ ...shared, currentUser }` and each is built when it is first called: a request
 * uses one or two of the few dozen, and the caller's set is kept per user (auth/require-user.ts),
 * so a new caller costs one object of small functions. `build` is replaceable for tests that count.
 */
export function buildServerUseCases(shared: Partial<BoundDependencies>, build: Build = buildUseCase): ServerUseCaseSource {
  const sharedNames = SERVER_USE_CASES.filter((name): name is SharedServerUseCaseName => !(USE_CASE_DEFINITIONS[name].needs as readonly DependencyName[]).includes('currentUser'));
  return {
    shared: buildUseCases(sharedNames, shared, 'server'),
    forCaller(currentUser) {
      const deps: Partial<Dependencies> = { ...shared, currentUser };
      const useCases: Partial<Record<keyof ServerUseCases, AnyUseCase>> = {};
      for (const name of SERVER_USE_CASES) {
        let built: AnyUseCase | undefined;
        useCases[name] = (...args) => {
          built ??= build(name, deps, 'server') as AnyUseCase;
          return built(...args);
        };
      }
      return useCases as ServerUseCases;
    },
  };
}
