import { findGame } from '@hexarena/engines/games/index.ts';
import type { ClockRequest } from '@hexarena/engines/protocol/requests.ts';
import { useState } from 'preact/hooks';
import { Problem } from '../account/page-parts.tsx';
import { t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { sendChallenge } from '../online/api.ts';
import { challengeProblem } from './challenge-refusals.ts';
import { Challenges, clockWords } from './challenges.tsx';
import { useLobbySocket } from './use-lobby-socket.ts';

/** Games a challenge offers: the games of two as they start by default. */
const GAMES = ['hive', 'hex', 'nonaga', 'tictactoe'];
/** The clocks a challenge offers; each is its value, and shows as challenges.tsx's clockWords says it. */
const CLOCKS: readonly { label: string; clock: ClockRequest | null }[] = [
  { label: '5+3', clock: { initialMs: 300_000, incrementMs: 3000 } },
  { label: '3+2', clock: { initialMs: 180_000, incrementMs: 2000 } },
  { label: '10+5', clock: { initialMs: 600_000, incrementMs: 5000 } },
  { label: '3 days a move', clock: { initialMs: 3 * 86_400_000, incrementMs: 0, perMove: true } },
  { label: 'no clock', clock: null },
];

/**
 * On another player's profile: challenge them to a game. The challenge waits on their page (and
 * this one shows it, live); once they accept, the game opens here too.
 */
export function ChallengeForm({ name, me }: { name: string; me: string }) {
  const lobby = useLobbySocket(true);
  const [game, setGame] = useState('hive');
  const [clock, setClock] = useState(CLOCKS[0]?.label as string);
  const [rated, setRated] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const found = findGame(game);
  const ratable = found.ok && !found.value.unrated;
  const send = async () => {
    setProblem(null);
    const r = await sendChallenge({
      to: name,
      game,
      ...(CLOCKS.find((c) => c.label === clock)?.clock ? { clock: CLOCKS.find((c) => c.label === clock)?.clock as ClockRequest } : {}),
      ...(rated && ratable ? { rated: true } : {}),
    });
    if (!r.ok) setProblem(challengeProblem(r.error, 'send', rulesRefusal));
  };
  const toThem = (lobby.challenges ?? []).filter(
    (c) => c.to.toLowerCase() === name.toLowerCase() || c.from.toLowerCase() === name.toLowerCase(),
  );
  return (
    <section class="challenge-form" aria-label={t('challenge.title', { name })}>
      <h3>{t('challenge.title', { name })}</h3>
      <p class="controls">
        <label>
          {t('create.game')}{' '}
          <select value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            {GAMES.map((id) => {
              const g = findGame(id);
              return <option value={id}>{g.ok ? g.value.title : id}</option>;
            })}
          </select>
        </label>{' '}
        <label>
          {t('lobby.clock')}{' '}
          <select value={clock} onChange={(e) => setClock(e.currentTarget.value)}>
            {CLOCKS.map((c) => (
              <option value={c.label}>{clockWords(c.clock)}</option>
            ))}
          </select>
        </label>{' '}
        {ratable && (
          <label>
            <input type="checkbox" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} /> {t('create.rated')}
          </label>
        )}{' '}
        <button type="button" onClick={() => void send()}>
          {t('challenge.send')}
        </button>
      </p>
      <Problem text={problem} />
      <Challenges challenges={toThem} me={me} />
    </section>
  );
}
