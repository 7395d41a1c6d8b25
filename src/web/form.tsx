import type { Json } from '@hexarena/engines/engine/game.ts';

/**
 * A labelled choice among a few values: the home cards' option forms are made of these. `words` says
 * a value in the player's language (a value that is a word: "small", "strict"); numbers and notation show as they are.
 */
export function Select({
  label,
  value,
  values,
  words = String,
  set,
}: {
  label: string;
  value: Json;
  values: readonly (string | number)[];
  words?: (value: string) => string;
  set: (v: string) => void;
}) {
  return (
    <label>
      {label}{' '}
      <select value={String(value)} onChange={(e) => set(e.currentTarget.value)}>
        {values.map((v) => (
          <option value={String(v)}>{words(String(v))}</option>
        ))}
      </select>
    </label>
  );
}

/** A labelled yes or no. */
export function Check({ label, value, set }: { label: string; value: Json; set: (v: boolean) => void }) {
  return (
    <label>
      <input type="checkbox" checked={value === true} onChange={(e) => set(e.currentTarget.checked)} /> {label}
    </label>
  );
}
