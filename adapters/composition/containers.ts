// inversify 8 loads 'reflect-metadata/lite' itself; we use no decorators, so the full polyfill is not needed.
import 'reflect-metadata/lite';
import { Container } from 'inversify';
import type { CurrentUser } from '../../core/auth/index.js';
import { DEPENDENCY_TOKENS, withReadingRoles, type Dependencies, type DependencyName } from './dependencies.js';
import {
  BROWSER_USE_CASES,
  CLI_USE_CASES,
  SERVER_USE_CASES,
  USE_CASE_DEFINITIONS,
  type UseCaseName,
  type UseCases,
  type Use,
} from './use-case-registry.js';

const useCaseToken = (name: UseCaseName): symbol => Symbol.for(`ensemble.useCase.${name}`);
const ENTRY_POINT = Symbol.for('ensemble.entryPoint');

type EntryPoint = 'browser' | 'server' | 'cli';
const ENTRY_POINT_USE_CASES: Record<EntryPoint, readonly UseCaseName[]> = {
  browser: BROWSER_USE_CASES,
  server: SERVER_USE_CASES,
  cli: CLI_USE_CASES,
};

/** A dependencies object whose members are resolved from the container on first read. */
function lazyDependencies(get: (token: symbol) => unknown): Dependencies {
  const deps = {} as Dependencies;
  for (const name of Object.keys(DEPENDENCY_TOKENS) as DependencyName[]) {
    Object.defineProperty(deps, name, { enumerable: true, get: () => get(DEPENDENCY_TOKENS[name]) });
  }
  return deps;
}

function bindDependencies(container: Container, adapters: Partial<Dependencies>): void {
  for (const [name, value] of Object.entries(adapters) as [DependencyName, unknown][]) {
    if (value !== undefined) container.bind(DEPENDENCY_TOKENS[name]).toConstantValue(value);
  }
}

function bindUseCases(container: Container, names: readonly UseCaseName[]): void {
  for (const name of names) {
    const define = USE_CASE_DEFINITIONS[name] as (deps: Dependencies, use: Use) => unknown;
    container
      .bind(useCaseToken(name))
      .toDynamicValue((context) =>
        define(
          lazyDependencies((token) => context.get(token)),
          {
            sessionController: () => context.get(useCaseToken('sessionController')),
            handleSignedIn: () => context.get(useCaseToken('handleSignedIn')),
          },
        ),
      )
      .inSingletonScope();
  }
}

function createContainer(entryPoint: EntryPoint, adapters: Partial<Dependencies>, parent?: Container): Container {
  const container = new Container(parent ? { parent, defaultScope: 'Singleton' } : { defaultScope: 'Singleton' });
  container.bind(ENTRY_POINT).toConstantValue(entryPoint);
  bindDependencies(container, withReadingRoles(adapters));
  bindUseCases(container, ENTRY_POINT_USE_CASES[entryPoint]);
  return container;
}

/** The browser: Supabase adapters, the app server's /api for billing and models, the data layer. */
export const createBrowserContainer = (adapters: Partial<Dependencies>): Container => {
  const container = createContainer('browser', adapters);
  // The browser's caller is whoever the authenticator has signed in.
  if (adapters.currentUser === undefined) {
    container
      .bind(DEPENDENCY_TOKENS.currentUser)
      .toDynamicValue((context) => context.get(useCaseToken('getCurrentUser')));
  }
  return container;
};

/** The server's shared ports; use `forRequest` to act for one verified caller. */
export const createServerContainer = (adapters: Partial<Dependencies>): Container => createContainer('server', adapters);

/** The support CLI: service-role adapters and the billing client. */
export const createCliContainer = (adapters: Partial<Dependencies>): Container => createContainer('cli', adapters);

/**
 * A child of the server container for one request: binds the caller (and any per-request
 * adapters, such as stores acting with the caller's own token) and fresh use cases over them.
 */
export const forRequest = (
  server: Container,
  request: { currentUser: CurrentUser } & Partial<Dependencies>,
): Container => createContainer('server', request, server);

type Resolved<E extends EntryPoint> = Pick<UseCases, (typeof ENTRY_POINT_USE_CASES)[E][number]>;

/** The use cases of a container as a plain object: what React, the routes and the CLI receive. */
export function resolveUseCases(container: Container, entryPoint: 'browser'): Resolved<'browser'>;
export function resolveUseCases(container: Container, entryPoint: 'server'): Resolved<'server'>;
export function resolveUseCases(container: Container, entryPoint: 'cli'): Resolved<'cli'>;
export function resolveUseCases(container: Container, entryPoint: EntryPoint): Partial<UseCases> {
  const bound = container.get<EntryPoint>(ENTRY_POINT);
  if (bound !== entryPoint) throw new Error(`This container was built for the ${bound}, not the ${entryPoint}`);
  const out: Record<string, unknown> = {};
  for (const name of ENTRY_POINT_USE_CASES[entryPoint]) out[name] = container.get(useCaseToken(name));
  return out as Partial<UseCases>;
}

/**
 * The server's use cases of a request container, each resolved when first used: a request uses
 * one or two of them, and resolving all of them (a few dozen) costs milliseconds per new caller.
 */
export function lazyUseCases(container: Container): Resolved<'server'> {
  const bound = container.get<EntryPoint>(ENTRY_POINT);
  if (bound !== 'server') throw new Error(`This container was built for the ${bound}, not the server`);
  const out: Record<string, unknown> = {};
  for (const name of ENTRY_POINT_USE_CASES.server) {
    Object.defineProperty(out, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        const value = container.get(useCaseToken(name));
        Object.defineProperty(out, name, { value, enumerable: true });
        return value;
      },
    });
  }
  return out as Resolved<'server'>;
}
