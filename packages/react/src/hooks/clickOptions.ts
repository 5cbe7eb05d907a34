import type { MouseEvent } from 'react';

/**
 * A button's click event, which the incumbent lets an app pass where options go
 * (`onClick={createWallet}`), so its methods take one in their options' place.
 */
// biome-ignore lint/suspicious/noExplicitAny: the incumbent's type, as it declares it
export type Click = MouseEvent<any, any>;

/** The options a method was given, or undefined when it was given a click event (React's or the DOM's). */
export const optionsOf = <T extends object>(options: T | Click | Event | undefined): T | undefined =>
  options && !(typeof Event !== 'undefined' && options instanceof Event) && !('nativeEvent' in options)
    ? (options as T)
    : undefined;
