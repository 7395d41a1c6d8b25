import { positiveInt } from '../../flags.ts';
import { type CliGame, playsInTerminal } from '../cli-game.ts';

const RULES = { flags: '--rules <rules>', description: 'classic or strength' };
const PLAYERS = { flags: '--players <n>', description: 'number of players', parse: positiveInt };

/** DiceWars on the command line: its rules, players and map as flags, for play and for match. */
export const dicewarsCli: CliGame = {
  id: 'dicewars',
  playFlags: [RULES, PLAYERS, { flags: '--map <map>', description: 'small, classic, large, or 10/15/20/25 for the strength rules' }],
  play: playsInTerminal(async () => (await import('./play.ts')).diceWarsInTerminal),
  matchFlags: [
    RULES,
    PLAYERS,
    { flags: '--map <map>', description: 'small, classic or large (classic rules), or 10, 15, 20, 25 (strength rules)' },
  ],
  matchOptions(_io, flags, options) {
    if (flags.rules !== undefined) options.rules = flags.rules;
    if (flags.players !== undefined) options.players = flags.players;
    if (typeof flags.map === 'string') {
      if (/^\d+$/.test(flags.map)) options.size = Number(flags.map);
      else options.map = flags.map;
    }
  },
};
