import type { ModalIntent } from '@latchkey/core';
import type { ScreenName } from '@latchkey/core/modal';
import { useEffect, useReducer } from 'react';
import type { AreaComponent, ModalArea } from '../screens/types.ts';
import { modalAreas } from './areas.ts';

/** One of the modal's areas (`modal/areas.ts`). */
export type Area = ModalArea;

/** The area that draws each screen. */
const areaOf = new Map<ScreenName, Area>(
  modalAreas.flatMap((area) => area.screens.map((name) => [name, area] as const)),
);

/** Every screen an area draws. */
export const drawnScreens = (): ScreenName[] => [...areaOf.keys()];

/** The area whose screens show `name`. */
export function areaOfScreen(name: ScreenName): Area {
  const area = areaOf.get(name);
  // The areas' list is checked against the flows' screens when it compiles (modal/areas.ts).
  if (!area) throw new Error(`No area draws the screen '${name}'`);
  return area;
}

const loaded = new Map<Area, AreaComponent>();
const loading = new Map<Area, Promise<AreaComponent>>();

export function loadArea(area: Area): Promise<AreaComponent> {
  let promise = loading.get(area);
  if (!promise) {
    promise = area.load().then((module) => {
      loaded.set(area, module.default);
      return module.default;
    });
    // A failed chunk (a deploy replaced it, the network dropped) is fetched again next time.
    promise.catch(() => loading.delete(area));
    loading.set(area, promise);
  }
  return promise;
}

export function preloadAreas(intent: ModalIntent): void {
  for (const area of modalAreas) if (area.preload(intent)) loadArea(area).catch(() => undefined);
}

/** The area's screens once loaded (null while loading); `onError` hears of a chunk that failed. */
export function useArea(area: Area | null, onError: (error: unknown) => void): AreaComponent | null {
  const [, loadedOne] = useReducer((n: number) => n + 1, 0);
  const component = area ? (loaded.get(area) ?? null) : null;
  useEffect(() => {
    if (!area || component) return;
    let current = true;
    loadArea(area).then(
      () => current && loadedOne(),
      (error: unknown) => current && onError(error),
    );
    return () => {
      current = false;
    };
  }, [area, component, onError]);
  return component;
}
