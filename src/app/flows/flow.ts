import type { AnyActorLogic, InputFrom } from 'xstate';
import type { AppEffects } from '../effects/appEffects.ts';

/**
 * A screen machine as the runtime runs it: its logic with the app's effects, and the input an actor
 * starts with, made from what the screen knows (`screen`, e.g. a returnTo) and what the session
 * knows (the user, today). Each effects module exports one per machine; src/app/flows/catalogue.ts
 * names them all.
 */
export interface Flow<TLogic extends AnyActorLogic, TScreenInput> {
  /** Called once per runtime: the machine provided with the app's effects. */
  logic(effects: AppEffects): TLogic;
  /** The input of a new actor. */
  input(effects: AppEffects, screen: TScreenInput): InputFrom<TLogic>;
}

/** Names a flow's types where it is defined (the screen input defaults to none). */
export function defineFlow<TLogic extends AnyActorLogic, TScreenInput = void>(flow: Flow<TLogic, TScreenInput>): Flow<TLogic, TScreenInput> {
  return flow;
}

/**
 * An entry of the catalogue. `visit`: one actor per visit of a screen, stopped when the screen
 * goes. `session`: one actor per signed-in user (its screen input is the user's owner key), made
 * at sign-in and stopped when someone else or nobody is signed in.
 */
export interface FlowEntry {
  scope: 'visit' | 'session';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry has its own logic and input types
  load(): Promise<Flow<any, any>>;
  /**
   * A public screen's visit flow (forgot or reset password): its actor holds nothing of a user, so
   * it carries on when someone signs in or out meanwhile. The reset page itself signs the browser
   * out once the password is saved, and must still show that it was.
   */
  public?: true;
  /** Storage keys of progress this flow keeps: forgotten when the user signs out. */
  forgetOnSignOut?: readonly string[];
  /**
   * A session flow whose code loads once the first page has painted rather than at sign-in (unless
   * a page asks for it first): nothing on a page's first paint depends on it.
   */
  afterFirstPaint?: true;
}

export type FlowCatalogue = Record<string, FlowEntry>;
export type FlowOf<C extends FlowCatalogue, N extends keyof C> = Awaited<ReturnType<C[N]['load']>>;
export type LogicOf<C extends FlowCatalogue, N extends keyof C> = ReturnType<FlowOf<C, N>['logic']>;
export type ScreenInputOf<C extends FlowCatalogue, N extends keyof C> = Parameters<FlowOf<C, N>['input']>[1];
export type NamesOfScope<C extends FlowCatalogue, S extends FlowEntry['scope']> = { [N in keyof C]: C[N]['scope'] extends S ? N : never }[keyof C] & string;
