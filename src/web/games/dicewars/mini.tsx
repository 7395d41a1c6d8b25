import { COLOURS, cellHex, type DiceWarsState } from '@hexarena/engines/games/dicewars/index.ts';
import { HexPicture, type PictureCell } from '../picture.tsx';

/** DiceWars's miniature: the map's cells in their territory's owner's colour, as the board colours them. */
export function DiceWarsMini({ state }: { state: DiceWarsState }) {
  const { board, owner } = state;
  const cells: PictureCell[] = [];
  for (let cell = 0; cell < board.cellTerritory.length; cell++) {
    const territory = board.cellTerritory[cell] as number;
    if (territory < 0) continue;
    cells.push({ ...cellHex(board, cell), fill: COLOURS[owner[territory] as number] ?? '#ccc' });
  }
  return <HexPicture class="mini-board" cells={cells} />;
}
