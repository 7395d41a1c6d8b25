import { X } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import type { ForecastControl } from './forecast.ts';

/** How a line is written in the box: its moves between semicolons (moves such as Hive's hold spaces). */
export const LINE_SEPARATOR = ';';

/** A line typed in the box, as its moves. */
export const movesOfLine = (text: string): string[] =>
  text
    .split(LINE_SEPARATOR)
    .map((m) => m.trim().replace(/\s+/g, ' '))
    .filter((m) => m.length > 0);

/**
 * Conditional premoves beside a correspondence game (lichess's forecast): the lines the server keeps,
 * each with its button to take it back, and a box for one more. The server reads every line; what
 * it refuses is said here in words.
 */
export function ForecastPanel({ control }: { control: ForecastControl }) {
  const [text, setText] = useState('');
  const lines = control.lines ?? [];
  const add = (e: Event) => {
    e.preventDefault();
    const moves = movesOfLine(text);
    if (moves.length === 0) return;
    control.leave([...lines, moves]);
    setText('');
  };
  return (
    <details class="forecast" open={lines.length > 0} data-testid="forecast">
      <summary>
        {t('online.forecast.title')}
        {lines.length > 0 && <span class="forecast-count">{t('online.forecast.lines', { count: lines.length })}</span>}
      </summary>
      <p class="hint">{t('online.forecast.help')}</p>
      {control.lines !== null && lines.length === 0 && <p class="hint">{t('online.forecast.none')}</p>}
      {lines.length > 0 && (
        <ol class="forecast-lines">
          {lines.map((line, i) => (
            <li key={line.join(LINE_SEPARATOR)}>
              <span class="moves">{line.join(`${LINE_SEPARATOR} `)}</span>
              <button
                type="button"
                class="forecast-remove"
                aria-label={t('online.forecast.remove', { line: i + 1 })}
                title={t('online.forecast.remove', { line: i + 1 })}
                disabled={control.sending}
                onClick={() => control.leave(lines.filter((_, j) => j !== i))}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ol>
      )}
      <form class="forecast-add" onSubmit={add}>
        <label>
          {t('online.forecast.line')}
          <input
            class="moves"
            value={text}
            maxLength={400}
            autoComplete="off"
            spellcheck={false}
            placeholder={control.example ? t('online.forecast.example', { example: control.example }) : undefined}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="submit" disabled={control.sending || movesOfLine(text).length === 0}>
          {t('online.forecast.add')}
        </button>
        {lines.length > 1 && (
          <button type="button" disabled={control.sending} onClick={() => control.leave([])}>
            {t('online.forecast.clear')}
          </button>
        )}
      </form>
      {control.refused && (
        <p class="error" role="alert">
          {control.refused}
        </p>
      )}
    </details>
  );
}
