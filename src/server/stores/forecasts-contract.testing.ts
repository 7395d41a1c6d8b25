import { describe, expect, it } from 'vitest';
import type { GameStore } from '../store.ts';

/** The forecasts part of the store contract (stores/forecasts.ts), run on every store by gameStoreContract. */
export function forecastsContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  describe(`ForecastsStore contract: ${name}`, () => {
    it(
      'keeps one forecast a seat, replaced whole, taken back by null, and every one of a game forgotten at once',
      withStore(async (store) => {
        expect(await store.forecasts.read('g', 1)).toBeNull();
        await store.forecasts.write('g', 1, {
          ply: 2,
          lines: [
            ['c3', 'a3'],
            ['a3', 'c3'],
          ],
        });
        await store.forecasts.write('g', 0, { ply: 3, lines: [['b1', 'b3']] });
        await store.forecasts.write('h', 1, { ply: 0, lines: [['a1', 'a2']] });
        expect(await store.forecasts.read('g', 1)).toEqual({
          ply: 2,
          lines: [
            ['c3', 'a3'],
            ['a3', 'c3'],
          ],
        });
        await store.forecasts.write('g', 1, { ply: 4, lines: [['c1', 'b1']] });
        expect(await store.forecasts.read('g', 1)).toEqual({ ply: 4, lines: [['c1', 'b1']] });
        await store.forecasts.write('g', 1, null);
        expect(await store.forecasts.read('g', 1)).toBeNull();
        await store.forecasts.forget('g');
        expect(await store.forecasts.read('g', 0)).toBeNull();
        expect(await store.forecasts.read('h', 1)).toEqual({ ply: 0, lines: [['a1', 'a2']] });
      }),
    );
  });
}
