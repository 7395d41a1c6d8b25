import type { Json } from '@hexarena/engines/engine/game.ts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { webGameOf } from '../games/index.ts';
import type { Miniature } from '../games/web-game.tsx';

/**
 * A position drawn small and still, by its game's own miniature (games/<id>/mini.tsx): the games
 * being played, TV's channels, a profile's games. `position` is the game's public view, as a
 * spectator's socket gets it; a position that cannot be read, or none, leaves the box empty (it
 * keeps its size, so a list does not move when its pictures come).
 */
export function MiniBoard({ game, position }: { game: string; position: Json | undefined }) {
  const web = webGameOf(game);
  const [Mini, setMini] = useState<Miniature<unknown> | null>(null);
  useEffect(() => {
    let current = true;
    void web?.miniature?.().then((m) => {
      if (current) setMini(() => m);
    });
    return () => {
      current = false;
    };
  }, [web]);
  const text = position === undefined ? '' : JSON.stringify(position);
  const state = useMemo(() => {
    if (!web || position === undefined) return null;
    const read = web.game.fromView ? web.game.fromView(position) : web.game.fromJSON(position);
    return read.ok ? { value: read.value } : null;
  }, [web, text]);
  return (
    <span
      class="mini-board-box"
      data-testid="mini-board"
      data-drawn={Mini !== null && state !== null ? 'true' : undefined}
      aria-hidden="true"
    >
      {Mini !== null && state !== null && <Mini state={state.value} />}
    </span>
  );
}
