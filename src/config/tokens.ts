/**
 * Injection tokens: each carries the type it resolves to, so `provide` and `resolve` check it and a
 * swapped token does not compile (tsyringe's own symbols are untyped). Each feature's module
 * (src/config/modules) declares its tokens; TOKENS gathers them.
 */
// tsyringe needs the metadata polyfill loaded before it: whichever of its importers is read first.
import 'reflect-metadata';
import type { DependencyContainer } from 'tsyringe';

/** A token that resolves to a T (the type exists only for the compiler). */
export type Token<T> = symbol & { readonly resolvesTo?: T };

/** A new token for a T, named for debugging. */
export const token = <T>(name: string): Token<T> => Symbol(name);

/** What a token resolves to, typed by the token. */
export function resolve<T>(container: DependencyContainer, token: Token<T>): T {
  return container.resolve<T>(token);
}

/** What a token is given: a value, or a factory of one. */
export type Provider<T> = { readonly useValue: T } | { readonly useFactory: (container: DependencyContainer) => T };

/** Registers what a token resolves to, typed by the token. */
export function provide<T>(container: DependencyContainer, token: Token<T>, provider: Provider<T>): void {
  if ('useValue' in provider) container.register<T>(token, { useValue: provider.useValue });
  else container.register<T>(token, { useFactory: provider.useFactory });
}
