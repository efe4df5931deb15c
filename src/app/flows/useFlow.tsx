import { useRouter } from '@tanstack/react-router';
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import type { Actor } from 'xstate';
import type { AppFlows } from './catalogue.ts';
import { visitKeyOf } from './visitKey.ts';
import type { LogicOf, NamesOfScope, ScreenInputOf } from './flow.ts';
import type { FlowRegistry } from './registry.ts';
import { useStoreValue } from '../useSelector.ts';

export type AppFlowRegistry = FlowRegistry<AppFlows>;
export type VisitFlowName = NamesOfScope<AppFlows, 'visit'>;
export type SessionFlowName = NamesOfScope<AppFlows, 'session'>;
export type FlowActor<N extends keyof AppFlows> = Actor<LogicOf<AppFlows, N>>;

const FlowRegistryContext = createContext<AppFlowRegistry | null>(null);

export function FlowRegistryProvider({ registry, children }: { registry: AppFlowRegistry; children: ReactNode }) {
  return <FlowRegistryContext value={registry}>{children}</FlowRegistryContext>;
}

function useRegistry(): AppFlowRegistry {
  const registry = use(FlowRegistryContext);
  if (!registry) throw new Error('Screens need FlowRegistryProvider');
  return registry;
}

type ScreenInputArgs<N extends VisitFlowName> = undefined extends ScreenInputOf<AppFlows, N> ? [] | [ScreenInputOf<AppFlows, N>] : [ScreenInputOf<AppFlows, N>];

/**
 * The actor of this visit of the screen: started by the session registry on first use, rejoined by
 * every later render (and by StrictMode's second mount), stopped when the screen goes. `input` is
 * what the screen knows (a returnTo, a token); it is read once, when the actor starts. Suspends
 * while the flow's code loads (routes preload it, so normally it is there).
 */
export function useFlow<N extends VisitFlowName>(name: N, ...[input]: ScreenInputArgs<N>): FlowActor<N> {
  const registry = useRegistry();
  const router = useRouter();
  const [visitKey] = useState(() => visitKeyOf(router.history.location));
  // Every render, not only while loading: React replays a render that suspended here, and the
  // hooks after it must meet the same `use` again (skipping it made React throw and recover).
  use(registry.load(name));
  const actor = registry.visit(name, visitKey, input as ScreenInputOf<AppFlows, N>);
  useEffect(() => registry.hold(name, visitKey), [registry, name, visitKey]);
  return actor;
}

/**
 * The signed-in user's actor of a session flow if it runs, else null (signed out, or its code still
 * loading). Never suspends: what shows on every signed-in page (the round-ups prompt) shows nothing
 * until it is there, instead of holding the page.
 */
export function useRunningSessionFlow<N extends SessionFlowName>(name: N): FlowActor<N> | null {
  const registry = useRegistry();
  return useStoreValue(registry.subscribe, () => registry.session(name));
}

/** The signed-in user's actor of a session flow (the guided Form 11 flow), or null while there is none. */
export function useSessionFlow<N extends SessionFlowName>(name: N): FlowActor<N> | null {
  const registry = useRegistry();
  use(registry.load(name));
  return useStoreValue(registry.subscribe, () => registry.session(name));
}
