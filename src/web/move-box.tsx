import { useMemo, useRef, useState } from 'preact/hooks';
import { chosenMove, readTypedMove, type TypedMove, writtenMoves } from './board/typed-move.ts';
import { t } from './i18n/index.ts';
import type { GameSession } from './use-game.ts';
import './move-box.css';

/** How many completions are offered at once: more say only how many there are. */
const SHOWN = 6;

/** What the box says under the line typed: a screen reader hears it as it changes. */
function feedback<M>(reading: TypedMove<M>, turn: boolean): string {
  if (reading.kind === 'empty') return turn ? '' : t('moveBox.notYourTurn');
  if (reading.kind === 'refused') return reading.reason;
  const chosen = chosenMove(reading);
  if (chosen) return t(turn ? 'moveBox.enterPlays' : 'moveBox.chosenNotYourTurn', { move: chosen.text });
  const n = reading.kind === 'partial' ? reading.completions.length : 0;
  return t('moveBox.completions', { count: n });
}

/**
 * The move typed in the game's own notation (lichess's keyboard input): completions of what is
 * typed so far, a clear refusal with the rules' reason, Enter plays. The line is read against the
 * live position's legal moves, whatever position history shows.
 */
export function MoveBox<S, M, O>({ session: s }: { session: GameSession<S, M, O> }) {
  const [text, setText] = useState('');
  // What Enter did, said until the game moves on.
  const [saidAt, setSaidAt] = useState<{ readonly text: string; readonly at: number } | null>(null);
  const said = saidAt !== null && saidAt.at === s.moves.length ? saidAt.text : null;
  const setSaid = (text: string | null) => setSaidAt(text === null ? null : { text, at: s.moves.length });
  const input = useRef<HTMLInputElement>(null);
  const live = s.history[s.history.length - 1] as S;
  const turn = s.humanToMove;
  const legal = useMemo(() => (s.outcome === null ? writtenMoves(s.game, live) : []), [s.game, live, s.outcome]);
  // On the opponent's turn the legal moves are theirs: a line is not read then, only queued (premove).
  const reading = turn ? readTypedMove(s.game, live, legal, text) : ({ kind: 'empty' } as const);
  const premove = turn ? null : (s.premove ?? null);
  const completions = reading.kind === 'partial' ? reading.completions : [];
  // An example in the notation, from the moves the player has now (not the opponent's).
  const example = turn ? legal[Math.floor(legal.length / 2)]?.text : undefined;
  if (s.outcome !== null || s.localSeats.length === 0) return null;
  return (
    <form
      class="move-box"
      aria-label={t('moveBox.label')}
      onSubmit={(e) => {
        e.preventDefault();
        if (premove && text.trim() !== '') {
          premove.queue(text);
          setText('');
          return setSaid(`Premove ${text.trim()} queued: played when your turn comes, if it is legal then.`);
        }
        if (!turn) return setSaid(t('moveBox.notYourTurn'));
        const chosen = chosenMove(reading);
        if (!chosen) return setSaid(reading.kind === 'empty' ? t('moveBox.typeFirst') : feedback(reading, turn));
        setText('');
        // Said in the position after it (a move confirmed later is said by the move list).
        setSaidAt({ text: t('moveBox.played', { move: chosen.text }), at: s.moves.length + 1 });
        s.play(chosen.move);
      }}
    >
      <label>
        <span>{t('moveBox.label')}</span>
        <input
          ref={input}
          type="text"
          value={text}
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          enterkeyhint="go"
          placeholder={example && t('moveBox.example', { move: example })}
          aria-describedby="move-box-feedback"
          aria-invalid={reading.kind === 'refused'}
          data-testid="move-box"
          onInput={(e) => {
            setText(e.currentTarget.value);
            setSaid(null);
          }}
          onKeyDown={(e) => {
            // Esc empties the line, as it takes back a half-made move on the board.
            if (e.key === 'Escape') {
              setText('');
              setSaid(null);
            }
          }}
        />
      </label>
      <p
        id="move-box-feedback"
        class={`move-box-feedback${reading.kind === 'refused' ? ' refused' : ''}`}
        aria-live="polite"
        data-testid="move-box-feedback"
      >
        {said ?? (premove && text.trim() !== '' ? t('moveBox.queues') : feedback(reading, turn))}
      </p>
      {completions.length > 1 && (
        <ul class="completions" aria-label={t('moveBox.completionsLabel')} data-testid="completions">
          {completions.slice(0, SHOWN).map((w) => (
            <li key={w.text}>
              <button
                type="button"
                class="quiet"
                onClick={() => {
                  setText(w.text);
                  setSaid(null);
                  input.current?.focus();
                }}
              >
                {w.text}
              </button>
            </li>
          ))}
          {completions.length > SHOWN && <li class="more">{t('moveBox.more', { count: completions.length - SHOWN })}</li>}
        </ul>
      )}
    </form>
  );
}
