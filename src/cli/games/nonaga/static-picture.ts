import type { NonagaState } from '@hexarena/engines/games/nonaga/index.ts';
import { TORUS_CELLS } from '@hexarena/engines/hex/torus.ts';
import { t } from '../../../web/i18n/index.ts';
import type { Picture, StaticPicture } from '../../static/picture.ts';

/**
 * The discs, each captioned with its coordinates (as turns are written), the tokens lettered R and B
 * on their colours, and the disc that may not be taken this turn marked with an x; the words in the
 * pages' language.
 */
const picture = (state: NonagaState): Picture => {
  const { pos } = state;
  const cells: Picture['cells'][number][] = [];
  for (let c = 0; c < TORUS_CELLS; c++) {
    if (!pos.disc[c]) continue;
    const h = pos.coordinates(c);
    const caption = `${h.q},${h.r}`;
    const token = pos.token[c];
    if (token === 0)
      cells.push({ ...h, fill: '#c62828', ink: '#fff', label: 'R', caption, name: t('static.nonaga.redToken', { disc: caption }) });
    else if (token === 1)
      cells.push({ ...h, fill: '#212121', ink: '#fff', label: 'B', caption, name: t('static.nonaga.blackToken', { disc: caption }) });
    else if (c === pos.blocked)
      cells.push({ ...h, fill: '#d7ccc8', ink: '#000', label: 'x', caption, name: t('static.nonaga.blockedDisc', { disc: caption }) });
    else cells.push({ ...h, fill: '#efebe9', ink: '#333', caption, name: t('static.nonaga.emptyDisc', { disc: caption }) });
  }
  return { cells, summary: t('static.nonaga.summary', { count: cells.length }) };
};

export const nonagaStaticPicture = picture as StaticPicture<unknown>;
